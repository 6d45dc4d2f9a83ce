/**
 * `npm run start:browser [-- --port N] [--data-dir DIR] [--rebuild] [--sim-rate N] [--sim-live-matches N]
 * [--sim-speed N] [--sim-seed N] [--sim-faults malformed=0.05,…]`: builds the renderer if it is missing, starts the core in Node and
 * serves the app to a browser on 127.0.0.1. Prints the URL (with this run's token) on one line of
 * stdout as soon as the page is served (the core starts meanwhile), and logs "startup (ms since
 * start): …" to stderr once the core is up. The --sim-* flags shape the built-in demo feed (tests and the render bench load it);
 * --test-faults is for tests only (see test-faults.ts). An uncaught exception or unhandled
 * rejection once the core is up is reported through the core's fault door and survived.
 */
import { spawnSync } from 'node:child_process'
import nodeModule from 'node:module'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { FaultOptions } from '../sim/types'
import { parseFaults } from '../sim/cli-args'
import { installProcessFaultHandlers } from '../main/core/faults/process-hooks'
import { KeytarSecretStore } from '../main/adapters/keytar-secrets'
import { readKeysEarly } from '../main/core/secrets/early-reads'
import { describeStartupMarks, markStartup } from '../shared/startup-marks'
import { defaultDataDir } from './data-dir'
import { hostToken, hostTokenFile } from './host-token'
import { loadHostCore } from './load-core'
import { startHost } from './server'
import { injectTestFaults, parseTestFaults, type TestFault } from './test-faults'

markStartup('host:modules-loaded')
// V8's compiled code for the core's modules (and the packages they load) is kept on disk between
// starts (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE): compiling them was about a fifth
// of the host's start. Not while coverage is collected: Node's docs warn it makes coverage less precise.
if (!process.env['NODE_V8_COVERAGE']) nodeModule.enableCompileCache()

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    'sim-rate': { type: 'string', default: '200' },
    'sim-live-matches': { type: 'string', default: '8' },
    'sim-speed': { type: 'string', default: '1' },
    'sim-seed': { type: 'string', default: '42' },
    /** The simulator's stream and HTTP faults, as `npm run sim -- --faults` takes them (src/sim/cli-args.ts). */
    'sim-faults': { type: 'string', default: '' },
    'test-faults': { type: 'string' },
  },
})

const projectRoot = resolve(import.meta.dirname, '../..')
const rendererDir = join(projectRoot, 'out/renderer')
if (values.rebuild || !existsSync(join(rendererDir, 'index.html'))) {
  console.error('building the app (electron-vite build)…')
  const built = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

function numberFlag(name: keyof typeof values, min: number, max: number): number {
  const value = Number(values[name])
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number ${min}..${max}, got "${String(values[name])}"`)
    process.exit(2)
  }
  return value
}
const port = numberFlag('port', 0, 65535)
function simFaults(): FaultOptions {
  try {
    return parseFaults(values['sim-faults'] ?? '')
  } catch (error) {
    console.error(`--sim-faults: ${(error as Error).message}`)
    process.exit(2)
  }
}
const demoFeed = {
  rate: numberFlag('sim-rate', 0, 1_000_000),
  liveMatches: numberFlag('sim-live-matches', 0, 500),
  speed: numberFlag('sim-speed', 0.1, 1000),
  seed: numberFlag('sim-seed', 0, 2 ** 31),
  faults: simFaults(),
}
let testFaults: TestFault[]
try {
  testFaults = parseTestFaults(values['test-faults'])
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
mkdirSync(dataDir, { recursive: true })
const log = {
  info: (message: string, ...details: unknown[]) => console.error(`[info] ${message}`, ...details),
  error: (message: string, ...details: unknown[]) => console.error(`[error] ${message}`, ...details),
}
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version
// The keychain's answers (which feed to start on) are on their way while the core loads.
const secrets = readKeysEarly(new KeytarSecretStore())

// A data folder that cannot be written (a read-only disk) keeps no token: it lives for this run only.
let tokenKept = true
const token = hostToken(dataDir, (why) => {
  tokenKept = false
  log.error(`the access token cannot be kept in the data folder (${why}): a restarted host will print a new URL`)
})

// The page is served (and its URL printed) while the core loads and starts: the browser spends
// that time fetching and parsing the page, which asks the core for nothing until its script runs.
const host = await startHost({
  port,
  rendererDir,
  token,
  tokenFile: tokenKept ? hostTokenFile(dataDir) : undefined,
  createCore: async (origin, ports) =>
    (await loadHostCore()).createBrowserHostCore({ dataDir, version, origin, ports, log, secrets, demoFeed }),
}).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
  console.error(
    `port ${port} is in use (another program, or another Odds Monitor, listens there): try --port <another>, or --port 0 for any free port`,
  )
  process.exit(2)
})
markStartup('host:ready')
console.log(`Odds Monitor (browser host) ready at ${host.url}`)

const stop = () => void host.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

try {
  const core = await host.core
  installProcessFaultHandlers(process, core.faults, 'host')
  injectTestFaults(core, testFaults)
  markStartup('host:core-up')
  log.info(describeStartupMarks())
} catch (error) {
  // Without a core the page has nothing to talk to: say why and end, never serve a dead app.
  log.error('the host could not start its core; stopping', error)
  process.exit(1)
}
