/**
 * The crash path of a Node process (Electron's main, the browser host): an uncaught exception or an
 * unhandled rejection is reported through the fault door (logged with context, counted, a crash
 * file) and the process keeps running. Node's default is to end the process; for this app that
 * loses the trader's board over one bad timer callback, while the core's state lives in services
 * whose every entry point already validates what it takes. Both hosts call this once the core is up.
 */
import type { FaultProcess, FaultReporter } from './fault-reporter'

/** The part of `process` this needs (a test hands in an EventEmitter). */
export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown
  off(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown
}

/** Installs both handlers; returns the function that removes them. */
export function installProcessFaultHandlers(
  target: ProcessEvents,
  faults: FaultReporter,
  processName: FaultProcess,
): () => void {
  const onException = (error: Error, origin: string) =>
    faults.report({
      process: processName,
      kind: 'uncaught-exception',
      message: messageOf(error),
      error,
      detail: { origin },
    })
  const onRejection = (reason: unknown) =>
    faults.report({ process: processName, kind: 'unhandled-rejection', message: messageOf(reason), error: reason })
  target.on('uncaughtException', onException)
  target.on('unhandledRejection', onRejection)
  return () => {
    target.off('uncaughtException', onException)
    target.off('unhandledRejection', onRejection)
  }
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`
  return typeof reason === 'string' ? reason : 'a non-Error value was thrown'
}
