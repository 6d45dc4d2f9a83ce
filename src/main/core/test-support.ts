/**
 * The whole core as a host runs it, for tests: real keychain (Secret Service, see scripts/test.sh),
 * the demo feed a real simulator on loopback, a real settings file and SQLite cache in the given
 * folder. Only the host ports (notifications, save dialog, windows, folders) are recorded in memory: they
 * are the Electron/browser boundary. Log lines (and so every reported fault) are kept in `logs`.
 */
import Conf from 'conf'
import { randomUUID } from 'node:crypto'
import type { InvokeChannel } from '../../shared/bridge/channels'
import type { BridgeResult } from '../../shared/bridge/result'
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../sim'
import { KeytarSecretStore } from '../adapters/keytar-secrets'
import { createCore, type Core } from './app'
import { downloadExporter } from './host-ports'
import { openSettingsStore } from './settings-file'
import { waitUntil } from '../../test-support/wait'

export const TEST_APP = { url: 'http://127.0.0.1:1/' }

export interface TestCoreOptions {
  /** Keychain service name; a fresh one per call unless given (to share keys across a restart). */
  service?: string
  logs?: string[]
  /** The demo simulator's options. */
  demo?: SimulatorOptions
  /** When the core first compacts its cache (CoreOptions.firstCompactionMs). */
  firstCompactionMs?: number
}

export async function startTestCore(
  dataDir: string,
  options: TestCoreOptions = {},
): Promise<{ core: Core; demoFeeds: SimulatorHandle[]; logs: string[]; openedFolders: string[] }> {
  const { store, check: settingsFile } = openSettingsStore(dataDir, () => {
    const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'config' })
    return { get: (k) => conf.get(k), set: (k, v) => conf.set(k, v) }
  })
  const demoFeeds: SimulatorHandle[] = []
  const logs = options.logs ?? []
  const openedFolders: string[] = []
  const line = (message: string, details: unknown[]) =>
    logs.push([message, ...details].map((d) => (d instanceof Error ? d.message : String(d))).join(' '))
  const core = await createCore({
    info: { name: 'Odds Monitor', version: '0.0.0', host: 'browser', platform: 'linux', dataDir, logFile: 'memory' },
    store,
    secrets: new KeytarSecretStore(options.service ?? `Odds Monitor test ${randomUUID()}`),
    ports: {
      notifier: { notify: () => {} },
      exporter: downloadExporter,
      windows: { openMatch: () => ({ url: null }) },
      folders: {
        openFolder: async (path) => {
          openedFolders.push(path)
          return true
        },
      },
    },
    isTrustedSender: (url) => url === TEST_APP.url,
    log: {
      info: (message, ...details) => line(message, details),
      error: (message, ...details) => line(message, details),
    },
    startDemoFeed: async () => {
      const sim = await startSimulator({ port: 0, rate: 50, liveMatches: 3, ...options.demo })
      demoFeeds.push(sim)
      return sim
    },
    settingsFile,
    firstCompactionMs: options.firstCompactionMs,
  })
  return { core, demoFeeds, logs, openedFolders }
}

/**
 * Reads until `accept` likes the answer, and answers it; fails with the last answer after
 * `timeoutMs`. The read-then-check shape of the one polling helper (src/test-support/wait.ts).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  let last: T | undefined
  await waitUntil(
    async () => accept((last = await read())),
    () => `an accepted answer; last: ${JSON.stringify(last).slice(0, 400)}`,
    timeoutMs,
  )
  return last as T
}

export async function invoke<T = unknown>(core: Core, channel: InvokeChannel, input?: unknown): Promise<T> {
  const result = (await core.router.dispatch(channel, input, TEST_APP)) as BridgeResult<T>
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value
}

/** Points the core's settings at `feed`, a simulator standing in for the real services. */
export async function pointAt(core: Core, feed: SimulatorHandle): Promise<void> {
  const { bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl } = feed
  await invoke(core, 'settings:update', {
    bookmakerId,
    dataBaseUrl,
    imageBaseUrl,
    wsBaseUrl,
    oddsBaseUrl,
    oddsWsBaseUrl,
  })
}

/** Puts the first live match of `sport` on the active watchlist; returns its id. */
export async function watchFirstLive(core: Core, sport = 'badminton'): Promise<number> {
  const live = await invoke<{ matches: Array<{ matchId: number }> }>(core, 'discover:matches', { mode: 'live', sport })
  const match = live.matches[0]
  if (!match) throw new Error(`no live ${sport} match`)
  const state = await invoke<{ activeId: string }>(core, 'watchlists:get')
  await invoke(core, 'watchlists:command', { op: 'addMatch', id: state.activeId, match })
  return match.matchId
}

/** How many faults of `kind` the core has counted, as the health model shows them. */
export async function faultCount(core: Core, kind: string): Promise<number> {
  const health = await invoke<{ faults: { byKind: Record<string, number> } }>(core, 'feed:health')
  return health.faults.byKind[kind] ?? 0
}

/** A rule that raises an alert on every override set. */
export async function alertOnEveryOverride(core: Core): Promise<void> {
  await invoke(core, 'rules:save', {
    name: 'Overrides',
    enabled: true,
    scope: { type: 'all' },
    condition: { kind: 'override', actions: ['set'] },
    cooldownSeconds: 0,
    doNotRepeat: false,
  })
}
