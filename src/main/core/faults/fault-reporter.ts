/**
 * The one door every survived fault goes through, whichever process or host saw it: an uncaught
 * exception in main or the browser host, a renderer that died or hung, a child process that
 * ended, a payload that could not be sent. The core owns the implementation (count, log, crash
 * file); the hosts only report.
 */

/** Which process the fault happened in, as Electron and the hosts name them. */
export type FaultProcess = 'main' | 'host' | 'renderer' | 'child'

export interface Fault {
  process: FaultProcess
  /** A short stable name, counted: `uncaught-exception`, `render-process-gone`, `emit-dropped`… */
  kind: string
  /** What happened, in words (never a key). */
  message: string
  error?: unknown
  /** Extra facts worth keeping (exit code, reason, channel…); plain JSON values only. */
  detail?: Record<string, unknown>
}

export interface FaultReporter {
  report(fault: Fault): void
}
