/**
 * The app's sign of life in its data folder: a stamp rewritten every few seconds while the core
 * runs and marked closed when it stops cleanly. A start that finds the stamp not closed knows the
 * last run ended without stopping (killed, crashed, the power gone), and from the stamp about when:
 * the prices between then and this start were never received, so history and review lack them.
 * A folder that cannot be written (a read-only disk) only loses this notice, never the start.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const LAST_ALIVE_FILE = 'last-alive.json'
/** How stale the stamp may be: the end it tells is at most this much earlier than the real one. */
const LAST_ALIVE_EVERY_MS = 5_000

/** The last run ended without stopping: alive at `lastAliveAt`, nothing recorded until `startedAt`. */
export interface UnexpectedEnd {
  lastAliveAt: number
  startedAt: number
}

interface Stamp {
  at: number
  closed: boolean
}

export interface LastAlive {
  /** How the run before this one ended, when it did not stop cleanly; null when it did (or never ran). */
  previous: UnexpectedEnd | null
  /** Marks this run closed cleanly: call on a clean stop. */
  stop(): void
}

export function keepLastAlive(dataDir: string, clock: () => number = Date.now): LastAlive {
  const file = join(dataDir, LAST_ALIVE_FILE)
  const before = readStamp(file)
  const startedAt = clock()
  const write = (closed: boolean) => {
    try {
      writeFileSync(file, JSON.stringify({ at: clock(), closed } satisfies Stamp))
    } catch {
      // A folder that says no (read-only, full): only the next start's notice is lost.
    }
  }
  write(false)
  const timer = setInterval(() => write(false), LAST_ALIVE_EVERY_MS)
  timer.unref()
  return {
    previous: before && !before.closed ? { lastAliveAt: before.at, startedAt } : null,
    stop() {
      clearInterval(timer)
      write(true)
    },
  }
}

function readStamp(file: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Partial<Stamp> | null
    if (typeof stamp?.at !== 'number' || !Number.isFinite(stamp.at) || typeof stamp.closed !== 'boolean') return null
    return { at: stamp.at, closed: stamp.closed }
  } catch {
    return null // none yet (a first start), or not ours to read: no notice
  }
}
