/**
 * `npm start`: the desktop app (`electron-vite preview`, which builds first), once the Electron binary
 * is known to be there. Where it is not (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or the
 * download was blocked) electron-vite only says "Error: Electron uninstall"; this says what to do
 * instead. It looks for the binary as the electron package does (its path.txt, or
 * ELECTRON_OVERRIDE_DIST_PATH) without loading that package, whose loading starts a download.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createRequire } from 'node:module'

const projectRoot = resolve(import.meta.dirname, '..')

/** The Electron executable's path, or null when it is not installed. */
function electronBinary(env: NodeJS.ProcessEnv): string | null {
  let packageDir: string
  try {
    packageDir = dirname(createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(packageDir, 'path.txt')
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const override = env['ELECTRON_OVERRIDE_DIST_PATH']
  const binary = override
    ? join(override, executable ?? 'electron')
    : executable && join(packageDir, 'dist', executable)
  return binary && existsSync(binary) ? binary : null
}

const NO_ELECTRON = [
  'The desktop app needs the Electron binary, and it is not installed here',
  '(npm install downloads it; ELECTRON_SKIP_BINARY_DOWNLOAD=1 or a blocked download leaves it out).',
  '',
  'Run the same app in your browser instead:',
  '',
  '  npm run start:browser',
  '',
  'or install the binary where downloads are allowed: node node_modules/electron/install.js',
].join('\n')

if (electronBinary(process.env) === null) {
  console.error(NO_ELECTRON)
  process.exit(1)
}
const preview = spawnSync(join(projectRoot, 'node_modules/.bin/electron-vite'), ['preview', ...process.argv.slice(2)], {
  cwd: projectRoot,
  stdio: 'inherit',
})
process.exit(preview.status ?? 1)
