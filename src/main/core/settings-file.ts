/**
 * The settings file before its store opens it. electron-store / conf throw on a file that is not
 * JSON, which would stop the app at start: a file that is not a JSON object (corrupt, truncated,
 * edited by hand into something else, or holding a key that could reach a prototype) is moved to
 * `config.json.corrupt-<time>`, kept for the trader, and the app starts on defaults.
 *
 * Inside a readable file, the watchlists and alert rules are read entry by entry: one bad watched
 * match, list or rule is left out alone (stored-watchlists.ts), written with where it was and why
 * to `config.json.refused-<time>`, and the file is written back without it, so the stores read
 * the rest. A UTF-8 byte order mark (Notepad adds one) is read through. In a folder that cannot be
 * written, the entries kept are handed to the store as edits not yet saved (settings-store.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { AlertRule } from '../../shared/alerts'
import { parseJsonSafely } from '../../shared/safe-json'
import { ALERT_RULES_KEY } from './alerts/alerts-service'
import type { KeyValueStore } from './settings'
import { SavingStore } from './settings-store'
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
  /** Null when the folder could not be written: they are then in no file. */
  keptIn: string | null
  entries: RefusedEntry[]
  /** Epoch ms they were left out. */
  at: number
}

export interface SettingsFileCheck {
  /** The whole file could not be read and was moved here. */
  setAside: SetAsideSettings | null
  /** Entries left out of a file that was otherwise read. */
  refused: RefusedSettings | null
  /** What the file should now hold of the lists but could not be written with. */
  seed: Record<string, unknown>
}

const NOTHING_TO_SAY: SettingsFileCheck = { setAside: null, refused: null, seed: {} }

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
function checkSettingsFile(dataDir: string, now = Date.now()): SettingsFileCheck {
  const file = path.join(dataDir, SETTINGS_FILE_NAME)
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return NOTHING_TO_SAY // none yet, or no file to read (a folder in its place): the store says why
  }
  const read = contentsOf(text)
  if ('problem' in read) {
    const movedTo = `${file}.corrupt-${now}`
    try {
      fs.renameSync(file, movedTo)
    } catch {
      return NOTHING_TO_SAY // a folder that cannot be written: the store cannot open it either, and says why
    }
    return { ...NOTHING_TO_SAY, setAside: { movedTo, problem: read.problem, at: now } }
  }
  const { kept, refused } = salvageEntries(read.contents)
  if (refused.length === 0) return NOTHING_TO_SAY
  const keptIn = `${file}.refused-${now}`
  try {
    fs.writeFileSync(keptIn, JSON.stringify({ leftOutAt: new Date(now).toISOString(), entries: refused }, null, 2))
    writeContents(file, kept)
    return { ...NOTHING_TO_SAY, refused: { keptIn, entries: refused, at: now } }
  } catch {
    const seed = Object.fromEntries(
      [WATCHLISTS_KEY, ALERT_RULES_KEY].flatMap((k) => (kept[k] === undefined ? [] : [[k, kept[k]]])),
    )
    return { ...NOTHING_TO_SAY, refused: { keptIn: null, entries: refused, at: now }, seed }
  }
}

/**
 * The store the core is given: the file checked first (above), then the host's store opened over it
 * (`open`, electron-store or conf), behind a store that keeps every edit the disk refuses.
 */
export function openSettingsStore(
  dataDir: string,
  open: () => KeyValueStore,
  now = Date.now(),
): { store: SavingStore; check: SettingsFileCheck } {
  const check = checkSettingsFile(dataDir, now)
  return { store: new SavingStore(path.join(dataDir, SETTINGS_FILE_NAME), open, check.seed), check }
}
