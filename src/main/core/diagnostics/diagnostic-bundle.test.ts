/**
 * The diagnostic bundle (issue 21.3), the whole core against a simulator over real sockets, with a
 * real keychain: the simulator echoes the app's key into every stream frame and every JSON answer
 * (its `echoKey` fault), so what the app keeps of the feed holds the key; the bundle holds those
 * frames and answers, and the key is found in none of its files.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { SavedDiagnostics } from '../../../shared/bridge/contract'
import type { AppHealth } from '../../../shared/health'
import { startSimulator } from '../../../sim'
import type { Core } from '../app'
import { eventually, invoke, pointAt, startTestCore, watchFirstLive } from '../test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

/** Dashes keep it from looking random to the scrubber's pattern net: only its exact replacement can catch it. */
const KEY = 'drift-sesame-key-echoed-back'

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

async function start(): Promise<{ core: Core; dataDir: string }> {
  const real = await startSimulator({ port: 0, rate: 100, liveMatches: 2, apiKey: KEY, faults: { echoKey: true } })
  running.push(real)
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-bundle-'))
  const { core } = await startTestCore(dataDir)
  running.push({ close: () => core.stop() })
  await pointAt(core, real)
  await invoke(core, 'keys:set', { account: 'data-service', key: KEY })
  await invoke(core, 'keys:set', { account: 'odds-feed', key: KEY })
  return { core, dataDir }
}

it('holds the last frames of every stream and the last answer of every route, and no key in any file', async () => {
  const { core, dataDir } = await start()
  await watchFirstLive(core)
  // Every odds stream has had messages (the data streams only speak when something changes).
  await eventually(
    () => invoke<AppHealth>(core, 'feed:health'),
    (h) => h.streams.filter((s) => s.service === 'odds').every((s) => s.messagesPerSec > 0 && s.lastMessageAt !== null),
  )

  const saved = await invoke<SavedDiagnostics>(core, 'app:saveDiagnostics')
  if (saved.kind !== 'saved') throw new Error('the browser host has no dialog to cancel')
  expect(saved.path.startsWith(join(dataDir, 'diagnostics', 'odds-monitor-diagnostics-'))).toBe(true)
  expect(saved.streams).toBeGreaterThanOrEqual(2)
  expect(saved.routes).toBeGreaterThan(0)

  const files = filesUnder(saved.path)
  const names = files.map((f) => f.slice(saved.path.length + 1))
  expect(names).toEqual(expect.arrayContaining(['README.txt', 'app.json', 'settings.json', 'health.json']))
  const updates = names.find((n) => /^streams\/odds_\d+_updates\.json$/.test(n))
  expect(updates).toBeDefined()
  const frames = JSON.parse(readFileSync(join(saved.path, updates ?? ''), 'utf8')) as {
    stream: { url: string }
    frames: Array<{ text: string; refused: string | null }>
  }
  expect(frames.frames.length).toBeGreaterThan(0)
  // The echo reached the app: the frames that held the key hold its replacement.
  expect(frames.frames.some((f) => f.text.includes('"echo":"[redacted]"'))).toBe(true)
  expect(names.filter((n) => n.startsWith('rest/')).length).toBe(saved.routes)
  const about = JSON.parse(readFileSync(join(saved.path, 'app.json'), 'utf8')) as Record<string, unknown>
  expect(about).toMatchObject({ app: { version: '0.0.0', host: 'browser' }, feed: { mode: 'real' } })

  for (const file of files)
    expect({ file, found: readFileSync(file, 'utf8').split(KEY).length - 1 }).toEqual({ file, found: 0 })
}, 60_000)
