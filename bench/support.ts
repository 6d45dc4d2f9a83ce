/**
 * What the benches that load the simulator share: their numeric arguments, a child process (the
 * simulator, or a sender) with a core of its own, the live matches to subscribe to, the
 * machine's load beside every figure (2 shared cores: a loaded machine reads slower), and what the
 * memory benches share (whole megabytes, a full collection on demand).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { SimulatorInfo } from '../src/sim/types'

export interface LiveTarget {
  sport: string
  matchId: number
}

/** `--name N`: a positive number, else the fallback (a bench never fails on its arguments). */
export function numberArg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name)
  const value = i >= 0 ? Number(args[i + 1]) : fallback
  return Number.isFinite(value) && value > 0 ? value : fallback
}

/**
 * A TypeScript file run as its own process (so it has a core of its own and the figures are the
 * client's); resolves with the first line it prints, once it is ready.
 */
export async function spawnTsChild(file: string, args: string[]): Promise<{ child: ChildProcess; firstLine: string }> {
  const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url))
  const child = spawn(process.execPath, [tsx, file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  return { child, firstLine }
}

/** `npm run sim` with a fixed seed; resolves with the info line it prints once it listens. */
export async function startSimProcess(
  rate: number,
  liveMatches: number,
): Promise<{ child: ChildProcess; info: SimulatorInfo }> {
  const cli = fileURLToPath(new URL('../src/sim/cli.ts', import.meta.url))
  const args = ['--port', '0', '--seed', '42', '--rate', String(rate), '--live', String(liveMatches)]
  const { child, firstLine } = await spawnTsChild(cli, args)
  return { child, info: JSON.parse(firstLine) as SimulatorInfo }
}

/** Every match the odds feed has live, across the simulator's sports. */
export async function liveOddsTargets(info: SimulatorInfo): Promise<LiveTarget[]> {
  const headers = { authorization: `Bearer ${info.apiKey}` }
  const out: LiveTarget[] = []
  for (const sport of info.sports) {
    const res = await fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${sport}/matches?status=live`, {
      headers,
    })
    for (const { matchId } of (await res.json()) as Array<{ matchId: number }>) out.push({ sport, matchId })
  }
  return out
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** `items` started at `by` and wrapped (A B C by 1: B C A): per run, no variant always goes first. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  return items.map((_, i) => items[(i + by) % items.length] as T)
}

/** The 1-minute load average: other work on the machine while a figure was taken. */
export function machineLoad(): number {
  return Number(loadavg()[0]!.toFixed(2))
}

/** Bytes in whole megabytes (MiB), as every memory figure is printed. */
export const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024))

/** V8's full collection, exposed at run time (no --expose-gc needed on the command line). */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** utime + stime of a process (or one of its threads) from /proc (Linux), in ms; NaN where it cannot be read. */
export function processCpuMs(pid: number, thread?: number): number {
  try {
    const stat = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ')
    // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms; the split dropped the first two.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}
