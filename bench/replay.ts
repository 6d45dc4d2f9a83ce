/**
 * Desk replay figures (issue 24 item 4) on a 6-hour, 50-match recording (replay-data.ts; made once,
 * then reused): the time to show the board at a random instant (`replay:stateAt`), the time to open
 * the whole range, and how fast the recorded events read back (`replay:events` pages), as the
 * milliseconds one second of play at 60× costs, read whole (1×'s way) and in the steps 60× asks for
 * (`stepMs`, each outcome's last tick a step: what the page is sent). Each answer is also checked against the bridge
 * contract, as the router does before it sends it. The file is in the OS cache (just made, or
 * read before): a first seek after a cold boot costs the disk's reads on top.
 * Args: [--matches 50] [--hours 6] [--rate 2000] (updates a second over the desk) [--seeks 200] [--reads 20].
 * `--browser [--speed 60] [--seconds 20] [--seeks 10] [--trace <seconds>] [--other <built renderer> [--rounds 3]]`
 * plays an hour of such a desk on the real board instead (replay-page.ts); with `--other`, this build
 * and that one in turn on one host, and each one's median (min–max).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openCache } from '../src/main/core/cache'
import { feedScoped } from '../src/main/core/cache/feed-scoped'
import { MatchLabeller } from '../src/main/core/match-labeller'
import { ReplayDesk } from '../src/main/core/replay/replay-desk'
import { invokeContract } from '../src/shared/bridge/contract'
import { conflationStepMs, REPLAY_EVENTS_PAGE } from '../src/shared/replay'
import { ensureReplayDesk, FIXED_START } from './replay-data'
import { arg } from './page-frames'
import { playOnPage } from './replay-page'
import { machineLoad, numberArg } from './support'

/** One second of play at 60× is a minute of the recording. */
const SECOND_AT_60X_MS = 60_000

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** `--other <dir>`: a built renderer (its index.html and assets/) to play in turn with this one. */
function otherBuild(args: string[]): string | null {
  const dir = arg(args, '--other', '')
  if (dir === '') return null
  if (!existsSync(join(dir, 'index.html'))) throw new Error('--other must name a built renderer (index.html, assets/)')
  return dir
}

export async function run(args: string[]): Promise<void> {
  const made = performance.now()
  const shape = { matches: numberArg(args, '--matches', 50), updatesPerSec: numberArg(args, '--rate', 2000) }
  if (args.includes('--browser'))
    return playOnPage(shape, {
      seconds: numberArg(args, '--seconds', 20),
      speed: numberArg(args, '--speed', 60),
      seekCount: numberArg(args, '--seeks', 10),
      traceSeconds: numberArg(args, '--trace', 0),
      other: otherBuild(args),
      rounds: numberArg(args, '--rounds', 3),
    })
  const desk = ensureReplayDesk({
    ...shape,
    hours: numberArg(args, '--hours', 6),
    start: FIXED_START,
    name: 'replay-6h',
  })
  const buildMs = performance.now() - made
  const cache = openCache(desk.file)
  try {
    const archive = feedScoped(cache, () => 'demo')
    const labels = new MatchLabeller({ teams: () => null, liveLayout: () => null, cache: archive })
    const replay = new ReplayDesk({ cache: archive, labels, sportOf: () => 'badminton' })
    const { matchIds, from, to } = desk
    const span = to - from
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

    /** Wall and CPU milliseconds: on a shared machine the CPU time is the part that is the code's own. */
    const cpu: number[] = []
    const timed = <T>(answer: () => T): number => {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      answer()
      const used = process.cpuUsage(c0)
      cpu.push((used.user + used.system) / 1000)
      return performance.now() - t0
    }
    const cpuOf = (count: number) => cpu.splice(0, count)
    const stateAt = (at: number) => invokeContract['replay:stateAt'].output.parse(replay.stateAt({ matchIds, at }))
    const firstSeekMs = timed(() => stateAt(from + span / 2))
    cpuOf(1)
    const seeks = Array.from({ length: numberArg(args, '--seeks', 200) }, () =>
      timed(() => stateAt(from + Math.floor(random() * span))),
    )
    const seeksCpu = cpuOf(seeks.length)
    const cells = stateAt(to).reduce((n, board) => n + board.cells.length, 0)
    const openMs = timed(() => invokeContract['replay:open'].output.parse(replay.open({ matchIds, from, to })))
    cpuOf(1)

    /** Reads `reads` random seconds of play at 60× page by page (with `stepMs` as 60× asks, or whole). */
    const readSeconds = (stepMs: number) => {
      const reads: Array<{ ms: number; events: number }> = []
      for (let r = 0; r < numberArg(args, '--reads', 20); r++) {
        const start = from + Math.floor(random() * (span - SECOND_AT_60X_MS))
        let events = 0
        const ms = timed(() => {
          let after = start
          for (;;) {
            const input = { matchIds, after, to: start + SECOND_AT_60X_MS, limit: REPLAY_EVENTS_PAGE, stepMs }
            const page = invokeContract['replay:events'].output.parse(replay.events(input))
            events += page.events.length
            after = page.until
            if (!page.more) break
          }
        })
        reads.push({ ms, events })
      }
      const ms = reads.map((r) => r.ms)
      return { ms, cpu: cpuOf(reads.length), events: reads.reduce((n, r) => n + r.events, 0), count: reads.length }
    }
    const whole = readSeconds(0)
    const stepped = readSeconds(conflationStepMs(60))
    console.log(
      JSON.stringify({
        bench: 'replay',
        matches: matchIds.length,
        hours: span / 3_600_000,
        updatesPerSec: desk.updatesPerSec,
        ticks: desk.ticks,
        cellsOnBoard: cells,
        cacheBuildSec: Math.round(buildMs / 1000),
        seekFirstMs: round(firstSeekMs),
        seekP50Ms: round(percentile(seeks, 0.5)),
        seekP95Ms: round(percentile(seeks, 0.95)),
        seekMaxMs: round(Math.max(...seeks)),
        seekCpuP50Ms: round(percentile(seeksCpu, 0.5)),
        seekCpuP95Ms: round(percentile(seeksCpu, 0.95)),
        seeks: seeks.length,
        openWholeRangeMs: round(openMs),
        eventsPerSec: Math.round(whole.events / (whole.ms.reduce((a, b) => a + b, 0) / 1000)),
        eventsPer60xSecond: Math.round(whole.events / whole.count),
        read60xSecondP50Ms: round(percentile(whole.ms, 0.5)),
        read60xSecondP95Ms: round(percentile(whole.ms, 0.95)),
        read60xSecondCpuP50Ms: round(percentile(whole.cpu, 0.5)),
        /** The same seconds as 60× reads them: a step of each outcome's last tick. */
        stepped60xEventsPerSecond: Math.round(stepped.events / stepped.count),
        stepped60xSecondP50Ms: round(percentile(stepped.ms, 0.5)),
        stepped60xSecondP95Ms: round(percentile(stepped.ms, 0.95)),
        stepped60xSecondCpuP50Ms: round(percentile(stepped.cpu, 0.5)),
        machineLoad: machineLoad(),
      }),
    )
  } finally {
    cache.close()
  }
}
