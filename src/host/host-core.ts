/**
 * The browser host's core and the adapters it needs (settings file, keychain, demo feed). Kept out
 * of cli.ts and loaded once the host already serves its page: these modules (the core, zod,
 * SQLite, conf, the simulator) are most of what the host loads, and the browser fetches and
 * parses the page meanwhile.
 */
import Conf from 'conf'
import { createCore, type Core, type CoreLog } from '../main/core/app'
import { isAppUrl } from '../main/core/bridge/trust'
import type { HostPorts } from '../main/core/host-ports'
import type { SecretStore } from '../main/core/secrets/secret-store'
import { openSettingsStore } from '../main/core/settings-file'
import { startSimulator, type SimulatorOptions } from '../sim'

export interface BrowserHostCoreOptions {
  dataDir: string
  version: string
  origin: string
  ports: HostPorts
  log: CoreLog
  /** The keychain (cli.ts starts its first reads before this module is even loaded). */
  secrets: SecretStore
  /** The built-in demo feed's shape (rate, live matches, speed, seed, faults). */
  demoFeed: Omit<SimulatorOptions, 'port'>
}

export function createBrowserHostCore({
  dataDir,
  version,
  origin,
  ports,
  log,
  secrets,
  demoFeed,
}: BrowserHostCoreOptions): Promise<Core> {
  // conf throws on a file that is not JSON: an unreadable one is kept aside and the app starts on
  // defaults; an unreadable watchlist, match or rule is left out alone.
  // A store the disk refuses keeps the edits in memory (settings-store.ts).
  const { store, check: settingsFile } = openSettingsStore(dataDir, () => {
    const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'config' })
    return { get: (key) => conf.get(key), set: (key, value) => conf.set(key, value) }
  })
  return createCore({
    info: { name: 'Odds Monitor', version, host: 'browser', platform: process.platform, dataDir, logFile: 'stderr' },
    store,
    secrets,
    ports,
    isTrustedSender: (url) => isAppUrl(url, { kind: 'origin', origin }),
    // NODE_ENV=production (the render bench) trusts core-built events; e2e and dev check each one.
    checkEvents: process.env.NODE_ENV !== 'production',
    log,
    startDemoFeed: (worldFile) => startSimulator({ port: 0, ...demoFeed, worldFile }),
    settingsFile,
  })
}
