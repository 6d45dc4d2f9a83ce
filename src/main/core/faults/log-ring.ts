/**
 * The last lines the core logged, kept in memory so a crash file can say what led up to the fault.
 * `ringLog` puts the ring in front of the host's logger: every line still goes to the host's log
 * (electron-log's file, or stderr) unchanged; the ring keeps a one-line copy, scrubbed when read.
 */
import type { CoreLog } from '../app'

export class LogRing {
  private readonly lines: string[] = []

  constructor(
    private readonly capacity = 50,
    private readonly clock: () => number = Date.now,
  ) {}

  push(level: 'info' | 'error', message: string, details: readonly unknown[]): void {
    const text = [message, ...details.map(describe)].filter((part) => part !== '').join(' ')
    this.lines.push(`${new Date(this.clock()).toISOString()} [${level}] ${text}`)
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity)
  }

  recent(): string[] {
    return [...this.lines]
  }
}

export function ringLog(log: CoreLog, ring: LogRing): CoreLog {
  return {
    info(message, ...details) {
      ring.push('info', message, details)
      log.info(message, ...details)
    },
    error(message, ...details) {
      ring.push('error', message, details)
      log.error(message, ...details)
    },
  }
}

/** One value as log text: an error by its stack (or message), anything else as JSON where it can be. */
export function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
