/**
 * The settings file before its store opens it: electron-store / conf throw on a file that is not
 * JSON, which would stop the app at start. A file that is not a JSON object (corrupt, truncated,
 * edited by hand into something else, or holding a key that could reach a prototype) is moved to
 * `config.json.corrupt-<time>`, kept for the trader, and the app starts on defaults.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseJsonSafely } from '../../shared/safe-json'

/** electron-store's and conf's default file name in their folder. */
export const SETTINGS_FILE_NAME = 'config.json'

export interface SetAsideSettings {
  movedTo: string
  /** Why, in words. */
  problem: string
  /** Epoch ms it was set aside. */
  at: number
}

function problemOf(text: string): string | null {
  const parsed = parseJsonSafely(text)
  if (!parsed.ok) return parsed.detail
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object'
  return null
}

/** Returns where the unreadable file went, or null when it was fine or absent. */
export function setAsideUnreadableSettings(dataDir: string, now = Date.now()): SetAsideSettings | null {
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  if (!fs.existsSync(file)) return null
  const problem = problemOf(fs.readFileSync(file, 'utf8'))
  if (problem === null) return null
  const movedTo = `${file}.corrupt-${now}`
  fs.renameSync(file, movedTo)
  return { movedTo, problem, at: now }
}
