/**
 * The settings file before its store opens it. electron-store / conf throw on a file that is not
 * JSON, which would stop the app at start: a file that is not a JSON object (corrupt, truncated,
 * edited by hand into something else, or holding a key that could reach a prototype) is moved to
 * `config.json.corrupt-<time>`, kept for the trader, and the app starts on defaults.
 *
 * Inside a readable file, the watchlists and alert rules are read entry by entry: one bad watched
 * match, list or rule is left out alone (stored-watchlists.ts), written with where it was and why
 * to `config.json.refused-<time>`, and the file is written back without it, so the stores read
 * the rest. A UTF-8 byte order mark (Notepad adds one) is read through.
 */
import fs from 'node:fs'
import path from 'node:path'
import { AlertRule } from '../../shared/alerts'
import { parseJsonSafely } from '../../shared/safe-json'
import { ALERT_RULES_KEY } from './alerts/alerts-service'
import { keepParsing, type RefusedEntry } from './stored-entries'
import { salvageWatchlists, WATCHLISTS_KEY } from './watchlists/stored-watchlists'

/** electron-store's and conf's default file name in their folder. */
export const SETTINGS_FILE_NAME = 'config.json'

export interface SetAsideSettings {
  movedTo: string
  /** Why, in words. */
  problem: string
  /** Epoch ms it was set aside. */
  at: number
}

/** Entries of a readable file left out at start, and the file that keeps them. */
export interface RefusedSettings {
  keptIn: string
  entries: RefusedEntry[]
  /** Epoch ms they were left out. */
  at: number
}

export interface SettingsFileCheck {
  /** The whole file could not be read and was moved here. */
  setAside: SetAsideSettings | null
  /** Entries left out of a file that was otherwise read. */
  refused: RefusedSettings | null
}

const BYTE_ORDER_MARK = /^\uFEFF/

type Contents = Record<string, unknown>

function contentsOf(text: string): { contents: Contents } | { problem: string } {
  const parsed = parseJsonSafely(text.replace(BYTE_ORDER_MARK, ''))
  if (!parsed.ok) return { problem: parsed.detail }
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'not a JSON object' }
  return { contents: value as Contents }
}

/** The lists read entry by entry; what `contents` keeps of them, and what it refuses. */
function salvageEntries(contents: Contents): { kept: Contents; refused: RefusedEntry[] } {
  const watchlists = salvageWatchlists(contents[WATCHLISTS_KEY])
  const refused = [...watchlists.refused]
  const kept: Contents = { ...contents, [WATCHLISTS_KEY]: watchlists.state }
  const rules = contents[ALERT_RULES_KEY]
  if (Array.isArray(rules)) kept[ALERT_RULES_KEY] = keepParsing(rules, AlertRule, ALERT_RULES_KEY, refused)
  else if (rules !== undefined) {
    refused.push({ where: ALERT_RULES_KEY, problem: 'not a list', value: rules })
    delete kept[ALERT_RULES_KEY]
  }
  return { kept, refused }
}

/** conf's and electron-store's own format (a tab-indented JSON object), written whole or not at all. */
function writeContents(file: string, contents: Contents): void {
  const temporary = `${file}.writing-${process.pid}`
  fs.writeFileSync(temporary, JSON.stringify(contents, undefined, '\t'))
  fs.renameSync(temporary, file)
}

/** Sets aside an unreadable file and leaves out unreadable entries of a readable one; see the header. */
export function checkSettingsFile(dataDir: string, now = Date.now()): SettingsFileCheck {
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  if (!fs.existsSync(file)) return { setAside: null, refused: null }
  const read = contentsOf(fs.readFileSync(file, 'utf8'))
  if ('problem' in read) {
    const movedTo = `${file}.corrupt-${now}`
    fs.renameSync(file, movedTo)
    return { setAside: { movedTo, problem: read.problem, at: now }, refused: null }
  }
  const { kept, refused } = salvageEntries(read.contents)
  if (refused.length === 0) return { setAside: null, refused: null }
  const keptIn = `${file}.refused-${now}`
  fs.writeFileSync(keptIn, JSON.stringify({ leftOutAt: new Date(now).toISOString(), entries: refused }, null, 2))
  writeContents(file, kept)
  return { setAside: null, refused: { keptIn, entries: refused, at: now } }
}
