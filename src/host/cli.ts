/**
 * `npm run start:browser [-- --port N] [--data-dir DIR] [--rebuild]`: builds the renderer if it is
 * missing, starts the core in Node and serves the app to a browser on 127.0.0.1. Prints the URL
 * (with this run's token) on one line of stdout.
 */
import Conf from 'conf'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createCore } from '../main/core/app'
import { isAppUrl } from '../main/core/bridge/trust'
import { defaultDataDir } from './data-dir'
import { startHost } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
  },
})

const projectRoot = resolve(import.meta.dirname, '../..')
const rendererDir = join(projectRoot, 'out/renderer')
if (values.rebuild || !existsSync(join(rendererDir, 'index.html'))) {
  console.error('building the app (electron-vite build)…')
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'] })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer 0..65535, got "${values.port}"`)
  process.exit(2)
}
const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
mkdirSync(dataDir, { recursive: true })
const store = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'config' })
const log = {
  info: (message: string, ...details: unknown[]) => console.error(`[info] ${message}`, ...details),
  error: (message: string, ...details: unknown[]) => console.error(`[error] ${message}`, ...details),
}
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version

const host = await startHost({
  port,
  rendererDir,
  createCore: (origin) =>
    createCore({
      info: { name: 'Odds Monitor', version, host: 'browser', platform: process.platform, dataDir, logFile: 'stderr' },
      store: { get: (key) => store.get(key), set: (key, value) => store.set(key, value) },
      isTrustedSender: (url) => isAppUrl(url, { kind: 'origin', origin }),
      log,
    }),
})

console.log(`Odds Monitor (browser host) ready at ${host.url}`)

const stop = () => void host.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
