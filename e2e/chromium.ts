/** The system Chromium the browser tests drive, with the flags this sandboxed machine needs. */
import { execFileSync } from 'node:child_process'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function chromiumPath(): string {
  if (process.env['CHROMIUM_PATH']) return process.env['CHROMIUM_PATH']
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error('No system Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH')
  }
}
