/**
 * Where the Electron binary is, if `npm install` downloaded it. Installs with
 * `ELECTRON_SKIP_BINARY_DOWNLOAD=1` (machines without internet access) have none: the specs in this
 * folder then skip with that reason, never fake.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const electronDir = join(process.cwd(), 'node_modules/electron')
const pathFile = join(electronDir, 'path.txt')
const candidate = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null

export const electronBinary: string | null = candidate !== null && existsSync(candidate) ? candidate : null
export const NO_ELECTRON_REASON = 'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1 / no download access)'
