/**
 * The diagnostic bundle (issue 21.3): a folder a trader can send to support that shows what their
 * feeds actually send, since the odds feed's inner shapes are public nowhere. It holds the last
 * frames of every live stream (frame-history.ts), the last REST answer of every route
 * (recent-answers.ts), the app's and runtime's versions, the feed mode, the settings and the
 * current health.
 *
 * No key leaves in it: every text is first rid of the keys in use (the streams' tokens, the REST
 * key, replaced exactly), then of everything the fault path's scrubber catches (every key the
 * keychain handed out this run, anything shaped like a credential), and each file's whole text
 * passes the same two nets again before it is written. Settings hold no key (keys live in the
 * keychain) but pass them too. A folder, not a zip: no archive library is a dependency, and a
 * folder opens anywhere.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppInfo } from '../../../shared/bridge/contract'
import type { AppHealth } from '../../../shared/health'
import type { FeedMode } from '../../../shared/keys'
import type { Settings } from '../../../shared/settings'
import { REDACTED } from '../faults/secret-scrubber'
import { TEXT_CAP as FRAME_TEXT_CAP, type FrameHistory, type KeptFrame } from '../streams/frame-history'
import { TEXT_CAP as ANSWER_TEXT_CAP, type KeptAnswer, type RecentAnswers } from './recent-answers'

export interface BundleSources {
  info: AppInfo
  settings: () => Settings
  mode: () => FeedMode
  health: () => AppHealth
  frames: FrameHistory
  answers: RecentAnswers
  /** The keys in use now, as the streams and REST calls send them (null: none set). */
  keysInUse: () => Promise<ReadonlyArray<string | null>>
  /** The fault path's scrubber (faults/secret-scrubber.ts). */
  scrub: (text: string) => string
}

export interface WrittenBundle {
  path: string
  streams: number
  routes: number
}

/** Known keys shorter than this are not replaced exactly (a 3-letter value would redact words). */
const MIN_KEY_LENGTH = 6

/** A folder name that says what it is and when, in the machine's own time zone. */
export function bundleName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  return `odds-monitor-diagnostics-${day}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
}

/** Writes the bundle into `folder` (created; it should not exist yet). */
export async function writeDiagnosticBundle(folder: string, sources: BundleSources): Promise<WrittenBundle> {
  const keys = (await sources.keysInUse()).filter((k): k is string => k !== null && k.length >= MIN_KEY_LENGTH)
  const redact = (text: string) => sources.scrub(keys.reduce((out, key) => out.split(key).join(REDACTED), text))
  const write = (name: string, value: unknown) =>
    writeFile(join(folder, name), redact(typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`))

  const streams = sources.frames.snapshot().filter((s) => s.frames.length > 0)
  const answers = sources.answers.list()
  await mkdir(join(folder, 'streams'), { recursive: true })
  await mkdir(join(folder, 'rest'), { recursive: true })
  await write('README.txt', readme(sources.info))
  await write('app.json', about(sources))
  await write('settings.json', sources.settings())
  await write('health.json', sources.health())
  for (const { stream, frames } of streams)
    await write(join('streams', `${fileSafe(stream.id)}.json`), {
      stream: { ...stream, url: redact(stream.url) },
      frames: frames.map((frame) => keptFrame(frame, redact)),
    })
  for (const [i, answer] of answers.entries())
    await write(
      join('rest', `${String(i + 1).padStart(3, '0')}-${fileSafe(answer.url.split('?')[0] ?? '')}.json`),
      keptAnswer(answer, redact),
    )
  return { path: folder, streams: streams.length, routes: answers.length }
}

function about(sources: BundleSources) {
  const { name, version, host, platform } = sources.info
  const { node, v8, electron, chrome } = process.versions as Record<string, string | undefined>
  return {
    app: { name, version, host, platform },
    runtime: { node, v8, electron: electron ?? null, chrome: chrome ?? null },
    savedAt: new Date().toISOString(),
    feed: sources.mode(),
  }
}

function keptFrame(frame: KeptFrame, redact: (text: string) => string) {
  const text = frame.text === null ? null : redact(frame.text)
  return {
    at: new Date(frame.at).toISOString(),
    characters: frame.length,
    text: text?.slice(0, FRAME_TEXT_CAP) ?? null,
    cut: frame.length !== null && frame.length > FRAME_TEXT_CAP,
    refused: frame.refused === null ? null : redact(frame.refused),
  }
}

function keptAnswer(answer: KeptAnswer, redact: (text: string) => string) {
  return {
    service: answer.service,
    method: answer.method,
    url: redact(answer.url),
    status: answer.status,
    at: new Date(answer.at).toISOString(),
    characters: answer.length,
    cut: answer.length > ANSWER_TEXT_CAP,
    body: redact(answer.text).slice(0, ANSWER_TEXT_CAP),
  }
}

/** A stream id or a path as a file name: `data:badminton:time` → `data_badminton_time`. */
function fileSafe(text: string): string {
  return (
    text
      .replace(/^\/+/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 120) || 'root'
  )
}

function readme(info: AppInfo): string {
  return `Odds Monitor ${info.version} diagnostic bundle

What the feeds sent this app, for support. Keys and tokens are replaced by ${REDACTED}.

app.json       app and runtime versions, the feed in use (demo or real), when this was saved
settings.json  the app's settings (API keys are never in settings: they live in the keychain)
health.json    every live stream's health and the faults the app survived, as the status bar shows them
streams/       per live stream: its address and its last frames as they arrived (cut to ${FRAME_TEXT_CAP} characters),
               with the reason for each one the app refused
rest/          per REST route: the last answer as it came (cut to ${ANSWER_TEXT_CAP} characters)
`
}
