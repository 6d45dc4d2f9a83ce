/**
 * Frames for the ingest bench: recorded once from the simulator's own streams (the updates and
 * overrides stream of every live match, with a few overrides set and expiring meanwhile, so the
 * mix of price / suspension / override messages and their sizes are the simulator's), kept in a
 * temp file, and replayed in a loop without end. A replayed frame is the recorded text with its
 * `seq` moved on by one recording's span per loop, so the engine sees a gapless stream.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import type { SimulatorInfo } from '../src/sim/types'
import type { LiveTarget } from './support'

export type StreamKind = 'updates' | 'overrides'

/** One match's two streams as one sequence in arrival order, so a replay keeps their mix. */
export interface RecordedMatch {
  sport: string
  matchId: number
  frames: Array<{ kind: StreamKind; text: string }>
}

export interface Recording {
  matches: RecordedMatch[]
  /** matchId → the REST snapshot taken just before the first recorded frame. */
  snapshots: Record<string, { seq?: number } & Record<string, unknown>>
}

export const RECORDING_FILE = join(tmpdir(), 'odds-monitor-bench', 'ingest-frames.json')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function streamUrl(info: SimulatorInfo, t: LiveTarget, kind: 'updates' | 'overrides'): string {
  return `${info.oddsWsBaseUrl}/live/${info.bookmakerId}/${t.sport}/${t.matchId}/${kind}?token=${info.apiKey}`
}

async function openRecorder(info: SimulatorInfo, t: LiveTarget, into: RecordedMatch, kind: StreamKind) {
  const ws = new WebSocket(streamUrl(info, t, kind), { perMessageDeflate: false })
  ws.on('message', (data: Buffer) => into.frames.push({ kind, text: data.toString() }))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  return ws
}

/** A trader's overrides while recording: one plain and one suspending, both short enough to expire. */
async function setOverrides(info: SimulatorInfo, t: LiveTarget, snapshot: Record<string, unknown>): Promise<void> {
  const odds = snapshot.odds as Record<string, Array<{ name: string; outcomes: Array<{ key: string }> }>>
  const [member, markets] = Object.entries(odds)[0] ?? []
  const market = markets?.[0]
  if (!member || !market) return
  const oddType = member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  for (const [i, outcome] of market.outcomes.slice(0, 2).entries()) {
    await fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${t.sport}/${t.matchId}/${oddType}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${info.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        oddKey: `${market.name}#${outcome.key}`,
        oddValue: 3.5 + i,
        durationSeconds: 1,
        suspended: i === 1,
      }),
    })
  }
}

/** Records `seconds` of every target's two odds streams; frames the snapshot already holds are dropped. */
export async function record(info: SimulatorInfo, targets: LiveTarget[], seconds: number): Promise<Recording> {
  const matches = targets.map((t): RecordedMatch => ({ sport: t.sport, matchId: t.matchId, frames: [] }))
  const sockets = await Promise.all(
    targets.flatMap((t, i) => [
      openRecorder(info, t, matches[i]!, 'updates'),
      openRecorder(info, t, matches[i]!, 'overrides'),
    ]),
  )
  const snapshots: Recording['snapshots'] = {}
  for (const t of targets) {
    const res = await fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${t.sport}/${t.matchId}`, {
      headers: { authorization: `Bearer ${info.apiKey}` },
    })
    snapshots[t.matchId] = (await res.json()) as Recording['snapshots'][string]
  }
  await sleep((seconds * 1000) / 3)
  for (const t of targets) await setOverrides(info, t, snapshots[t.matchId]!)
  await sleep((seconds * 2000) / 3)
  for (const ws of sockets) ws.terminate()
  for (const m of matches) {
    const after = snapshots[m.matchId]?.seq ?? -1
    m.frames = m.frames.filter((f) => (seqOf(f.text) ?? Infinity) > after)
  }
  return { matches, snapshots }
}

/** The recording in the temp folder, or a fresh one made by `make` and kept there. */
export async function loadOrRecord(make: () => Promise<Recording>): Promise<Recording> {
  if (existsSync(RECORDING_FILE)) return JSON.parse(readFileSync(RECORDING_FILE, 'utf8')) as Recording
  const recording = await make()
  mkdirSync(join(RECORDING_FILE, '..'), { recursive: true })
  writeFileSync(RECORDING_FILE, JSON.stringify(recording))
  return recording
}

const SEQ = /"seq":(\d+)/

function seqOf(frame: string): number | null {
  const m = SEQ.exec(frame)
  return m ? Number(m[1]) : null
}

/** One frame split around its seq, so a replay can renumber it with two concatenations. */
interface Template {
  kind: StreamKind
  head: string
  seq: number | null
  tail: string
}

/** One match's recorded streams replayed in a loop forever; seqs continue across loops. */
export class FrameReplay {
  private readonly templates: Template[]
  private readonly span: number
  private next = 0
  private loop = 0
  /** The seq of the last frame handed out (the snapshot's seq when none was yet). */
  lastSeq: number

  constructor(
    readonly match: RecordedMatch,
    snapshotSeq: number,
  ) {
    this.templates = match.frames.map(({ kind, text }) => {
      const m = SEQ.exec(text)
      if (!m) return { kind, head: text, seq: null, tail: '' }
      const at = m.index + '"seq":'.length
      return { kind, head: text.slice(0, at), seq: Number(m[1]), tail: text.slice(at + m[1]!.length) }
    })
    const seqs = this.templates.flatMap((t) => (t.seq === null ? [] : [t.seq]))
    this.span = seqs.length ? Math.max(...seqs) - snapshotSeq : 0
    this.lastSeq = snapshotSeq
  }

  get empty(): boolean {
    return this.templates.length === 0
  }

  /** The stream the next frame goes to. */
  get nextKind(): StreamKind {
    return this.templates[this.next]!.kind
  }

  /** The next frame's text. */
  take(): string {
    const t = this.templates[this.next]!
    const loop = this.loop
    if (++this.next === this.templates.length) {
      this.next = 0
      this.loop++
    }
    if (t.seq === null) return t.head
    this.lastSeq = t.seq + loop * this.span
    return t.head + this.lastSeq + t.tail
  }
}

/** The match's recorded snapshot, current to `seq` (prices lag; the deltas that follow move them). */
export function snapshotAt(recording: Recording, matchId: number, seq: number): unknown {
  return { ...recording.snapshots[matchId], seq }
}
