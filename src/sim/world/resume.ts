/**
 * Where a restarted simulator takes its world from. Decision: the world is a pure function of its
 * seed and start time (build.ts, clock.ts), so resuming needs no snapshot of state, only the start
 * time, kept in a small file (the app keeps it in its data folder). A restart then finds every
 * match's score and clock where the wall clock says they are, instead of rewinding the world to a
 * fresh build. A kept world is used when it was built with the same seed, live-match count and
 * speed, and is younger than RESUME_WITHIN_MS of world time: by then its matches are over (the
 * live ones end within about an hour, the upcoming ones start every 12 minutes for 2.4 hours), and a
 * fresh world gives the trader something live again. Prices are the one thing not kept: each match's
 * walk starts again from its base (the app takes the first price after the gap as a resync, not a move).
 *
 * The file is the simulator's own: anything unreadable or foreign in it means a fresh world, written
 * over it; a file that cannot be written means a world that will not resume, never a failed start.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { parseJsonSafely } from '../../shared/safe-json'

/** World time after which a kept world is over and a fresh one is built instead. */
export const RESUME_WITHIN_MS = 2 * 60 * 60 * 1000

/** What a kept world must match to be resumed: the same seed, live-match count and speed build the same world. */
export interface WorldIdentity {
  seed: number
  liveMatches: number
  speed: number
}

interface KeptWorld extends WorldIdentity {
  /** Wall-clock epoch ms at which the world was first built: its world time then. */
  startTime: number
}

/**
 * The start time of the world to run: the kept one when it fits `identity` and is still young at
 * `now`, otherwise `now`, which is then kept in `file` for the next start.
 */
export function worldStartTime(file: string, identity: WorldIdentity, now: number): number {
  const kept = readKept(file)
  if (kept && sameWorld(kept, identity) && (now - kept.startTime) * identity.speed < RESUME_WITHIN_MS) {
    return kept.startTime
  }
  keep(file, { ...identity, startTime: now })
  return now
}

function readKept(file: string): KeptWorld | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return null // no kept world yet (or unreadable): a fresh one
  }
  const parsed = parseJsonSafely(text)
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null
  const v = parsed.value as Record<string, unknown>
  const numbers = [v['seed'], v['liveMatches'], v['speed'], v['startTime']]
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null
  const [seed, liveMatches, speed, startTime] = numbers as number[]
  return { seed: seed!, liveMatches: liveMatches!, speed: speed!, startTime: startTime! }
}

function sameWorld(kept: WorldIdentity, identity: WorldIdentity): boolean {
  return kept.seed === identity.seed && kept.liveMatches === identity.liveMatches && kept.speed === identity.speed
}

/** Written beside and renamed over, so a crash mid-write leaves the old file or the new, never half. */
function keep(file: string, world: KeptWorld): void {
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify(world))
    renameSync(`${file}.tmp`, file)
  } catch {
    // A folder that cannot be written: this world will not resume after a restart, and runs all the same.
  }
}
