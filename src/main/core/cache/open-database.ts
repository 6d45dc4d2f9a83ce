/**
 * Opens the cache file, or — when it is corrupt, written by a newer schema, or another program's
 * database — moves it (and its WAL/SHM companions, so a stale WAL is never replayed into the new
 * file) to `<file>.corrupt-<ts>` / `<file>.newer-<ts>` / `<file>.foreign-<ts>` and starts a fresh one.
 * What can still be read of a corrupt file is copied into the fresh one (salvage.ts). Other failures
 * (no permission, locked by another process) are thrown: those files are fine and must stay put.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { CacheFileError, type CacheFileProblem } from './errors'
import { isCorruption, salvageInto } from './salvage'
import { migrate, schemaVersion, SCHEMA_VERSION } from './schema'

export interface OpenedDatabase {
  db: Database.Database
  /** Set when the previous file could not be used and was moved away. */
  setAside: CacheFileError | null
}

class UnusableFile extends Error {
  constructor(
    readonly problem: CacheFileProblem,
    detail: string,
  ) {
    super(detail)
  }
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

/**
 * Beside the file after a clean close: the file's size and modification time then. quick_check
 * reads every page (6 s for a 30-day cache of 10 million ticks, all of it before the first
 * paint), so it runs only when the file or its WAL is not exactly as this app last closed it: a
 * crash, or any other writer since. Damage on disk that changes no file time is still caught
 * by SQLite when the page is read.
 */
const CLEAN_CLOSE_SUFFIX = '.clean-close'

function fileState(file: string): string {
  const stamp = (f: string) => {
    if (!fs.existsSync(f)) return 'none'
    const stat = fs.statSync(f, { bigint: true })
    return `${stat.size}@${stat.mtimeNs}`
  }
  return `${stamp(file)} ${stamp(`${file}-wal`)}`
}

function closedCleanlyUnchanged(file: string): boolean {
  try {
    return fs.readFileSync(file + CLEAN_CLOSE_SUFFIX, 'utf8') === fileState(file)
  } catch {
    return false
  }
}

/** Call after the last connection closed cleanly: the next open may skip the full page check. */
export function markCleanClose(file: string): void {
  fs.writeFileSync(file + CLEAN_CLOSE_SUFFIX, fileState(file))
}

/**
 * Inspects an existing file through a read-only connection: a read-write one would checkpoint the
 * WAL into (or delete it beside) a file we are about to set aside. Throws UnusableFile.
 */
function inspectExisting(file: string): void {
  const size = fs.existsSync(file) ? fs.statSync(file).size : 0
  if (size === 0) return
  const head = Buffer.alloc(SQLITE_MAGIC.length)
  const fd = fs.openSync(file, 'r')
  try {
    fs.readSync(fd, head, 0, head.length, 0)
  } finally {
    fs.closeSync(fd)
  }
  if (!head.equals(SQLITE_MAGIC)) throw new UnusableFile('corrupt', 'not an SQLite database file')
  // Read before any connection: opening one may create the WAL beside the file.
  const unchanged = closedCleanlyUnchanged(file)
  let db: Database.Database | null = null
  try {
    // A lock held by another program answers at once (busy_timeout below), not after SQLite's 5 s.
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 100 })
    const version = schemaVersion(db)
    if (version > SCHEMA_VERSION)
      throw new UnusableFile('newer-version', `schema ${version}, this app knows ${SCHEMA_VERSION}`)
    const check = unchanged ? 'ok' : db.pragma('quick_check(1)', { simple: true })
    if (check !== 'ok') throw new UnusableFile('corrupt', `quick_check: ${String(check)}`)
    const foreign = foreignProblem(db, version)
    if (foreign) throw new UnusableFile('foreign', foreign)
  } catch (err) {
    if (isCorruption(err)) throw new UnusableFile('corrupt', (err as Error).message)
    throw err
  } finally {
    db?.close()
  }
}

/** Tables every version of our schema has since migration 1. */
const OUR_TABLES = ['outcome', 'tick']

/**
 * Version 0 is a file we created but never migrated, so it holds no table; a migrated one holds
 * ours. Anything else is someone else's database, which migrating would alter or fail on.
 */
function foreignProblem(db: Database.Database, version: number): string | null {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
  if (version === 0 && tables.length > 0) return `unversioned, with tables ${tables.slice(0, 5).join(', ')}`
  const missing = version > 0 ? OUR_TABLES.filter((t) => !tables.includes(t)) : []
  return missing.length > 0 ? `schema ${version} without table ${missing.join(', ')}` : null
}

function openAndPrepare(file: string): Database.Database {
  const db = new Database(file)
  try {
    // Only takes effect on a new file (before the first table); lets compact() give pages back.
    db.pragma('auto_vacuum = INCREMENTAL')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    // Only another program (a backup tool, an SQLite browser) can hold a lock on our file, and a
    // wait for it stops the main thread: wait briefly, then let the write fail and be retried later
    // (write-pacer.ts) while the app runs on.
    db.pragma('busy_timeout = 100')
    // The write path touches the tail leaf of every active outcome; keep them all in memory.
    db.pragma('cache_size = -32000')
    migrate(db)
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

const SUFFIX: Record<CacheFileProblem, string> = { corrupt: 'corrupt', 'newer-version': 'newer', foreign: 'foreign' }

function setAsideFile(file: string, problem: CacheFileProblem, now: number): string {
  const movedTo = `${file}.${SUFFIX[problem]}-${now}`
  fs.renameSync(file, movedTo)
  fs.rmSync(file + CLEAN_CLOSE_SUFFIX, { force: true })
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, movedTo + suffix)
  }
  return movedTo
}

/**
 * `damage`: the open file was found damaged while in use (a read or write failed as corrupt); it is
 * set aside as one found so at start would be, without looking at it again.
 */
export function openDatabase(file: string, now: () => number = Date.now, damage?: string): OpenedDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    if (damage !== undefined) throw new UnusableFile('corrupt', damage)
    inspectExisting(file)
  } catch (err) {
    if (!(err instanceof UnusableFile)) throw err
    const at = now()
    const movedTo = setAsideFile(file, err.problem, at)
    const db = openAndPrepare(file)
    const salvaged = err.problem === 'corrupt' ? salvageInto(db, movedTo) : null
    return { db, setAside: new CacheFileError(err.problem, file, movedTo, err.message, at, salvaged) }
  }
  return { db: openAndPrepare(file), setAside: null }
}
