/**
 * The cache as the app uses it: one file, which may be damaged or out of reach, and the app records
 * on regardless.
 *
 * - **Damaged in use.** A read or write that fails as corrupt (SQLITE_CORRUPT: damage the clean-close
 *   stamp let through at start) sets the file aside as a start would, starts a fresh file in its
 *   place at once, and copies into it what can still be read of the damaged one (salvage.ts); the
 *   failed call is made again on the new file. Before this, one history read threw, writes failed
 *   for the rest of the session, and the next start set the whole file aside.
 * - **Out of reach at start.** A read-only disk, a folder in its place, no permission, a lock held
 *   by another program, or another copy of the app using it (owner-file.ts): the cache records into
 *   a file of this session in the temp folder and tries the real one again every few seconds. Once
 *   it opens, what the session recorded is copied into it and the session file is deleted.
 *
 * The owner hears both (onSetAside, onFileState). The calls are those of `Cache`, each forwarded to
 * the file in use.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { diskRefusal } from '../disk-refusals'
import { openCacheFile, type Cache, type CacheFile, type CacheOptions } from './cache'
import type { CacheFileError } from './errors'
import { openDatabase } from './open-database'
import { claimOwnership, otherOwner, releaseOwnership } from './owner-file'
import { isCorruption, salvageInto } from './salvage'

/** Whether the cache file itself is what records; when not, why. */
export interface CacheFileState {
  /** Null while the file records; otherwise why it cannot, in words. */
  unsaved: string | null
  /** Epoch ms since when it cannot. */
  since: number | null
}

export interface RecoveringCacheOptions extends CacheOptions {
  /** The file was found damaged in use, set aside, and what could be read copied into a fresh one. */
  onSetAside?: (setAside: CacheFileError) => void
  /** The file cannot be used (at start, and on every failed retry), and once it can again. */
  onFileState?: (state: CacheFileState) => void
  /** How often a file out of reach is tried again. Default 5 s. */
  reopenMs?: number
}

const REOPEN_MS = 5000

function sessionFile(now: number): string {
  const dir = path.join(os.tmpdir(), 'odds-monitor')
  fs.mkdirSync(dir, { recursive: true })
  return path.join(dir, `cache-session-${process.pid}-${now}.sqlite`)
}

function removeSessionFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
}

/** Another copy of the app has the file open (owner-file.ts): it is left to that one. */
class HeldByAnotherCopy extends Error {}

function refusalOf(file: string, error: unknown): string {
  if (error instanceof HeldByAnotherCopy) return error.message
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'another program has it locked'
  return diskRefusal(file, error)
}

export function openCache(file: string, options: RecoveringCacheOptions = {}): Cache {
  const now = options.now ?? Date.now
  let setAside: CacheFileError | null = null
  /** The file of this session while the real one is out of reach. */
  let session: string | null = null
  let since: number | null = null
  let current: CacheFile

  const onDamage = (error: unknown) => recover(error)
  /** The real file; what the session recorded meanwhile is copied in once it opens. */
  const openReal = (damage?: string): CacheFile => {
    const pid = otherOwner(file)
    if (pid !== null) throw new HeldByAnotherCopy(`another copy of Odds Monitor (process ${pid}) is using it`)
    const opened = openDatabase(file, now, damage)
    if (session) {
      try {
        current.flush()
        salvageInto(opened.db, session)
      } catch (error) {
        opened.db.close() // the session goes on; the next retry tries again
        throw error
      }
      current.close()
      removeSessionFile(session)
      session = null
      since = null
      options.onFileState?.({ unsaved: null, since: null })
    }
    claimOwnership(file)
    setAside = opened.setAside
    return openCacheFile(file, opened, { ...options, onDamage, markCleanClose: true })
  }
  const openSession = (error: unknown): CacheFile => {
    since ??= now()
    options.onFileState?.({ unsaved: refusalOf(file, error), since })
    session ??= sessionFile(now())
    return openCacheFile(file, openDatabase(session, now), { ...options, onDamage, markCleanClose: false })
  }
  const openEither = (damage?: string): CacheFile => {
    try {
      return openReal(damage)
    } catch (error) {
      return openSession(error)
    }
  }

  current = openEither()

  function recover(error: unknown): void {
    const held = current.abandon()
    if (session) {
      // The session's own file was damaged: only this session's prices were in it.
      removeSessionFile(session)
      session = null
      current = openSession(error)
    } else {
      releaseOwnership(file)
      const before = setAside
      current = openEither(error instanceof Error ? error.message : String(error))
      if (setAside && setAside !== before) options.onSetAside?.(setAside)
    }
    // Recording goes on: what the damaged file had not yet written is written to the new one.
    for (const [feed, ticks] of held) current.recordTicks(feed, ticks)
  }

  const reopen = setInterval(() => {
    if (!session) return
    try {
      current = openReal()
    } catch (error) {
      options.onFileState?.({ unsaved: refusalOf(file, error), since })
    }
  }, options.reopenMs ?? REOPEN_MS)
  reopen.unref()

  /** A call on the file in use; one that finds the file damaged is made again on the fresh one. */
  const call = (name: keyof Cache, args: unknown[]): unknown => {
    const used = current
    const method = used[name] as (...a: unknown[]) => unknown
    try {
      return method.apply(used, args)
    } catch (error) {
      if (!isCorruption(error)) throw error
      if (used === current) recover(error)
      return (current[name] as (...a: unknown[]) => unknown).apply(current, args)
    }
  }

  const close = () => {
    clearInterval(reopen)
    current.close()
    if (session) removeSessionFile(session)
    else releaseOwnership(file)
  }

  // Every other property is the file in use's own, read on each access (pendingTicks), and every
  // method goes through `call`.
  return new Proxy({} as Cache, {
    get(_target, key: keyof Cache) {
      if (key === 'setAside') return setAside
      if (key === 'close') return close
      const value = current[key]
      return typeof value === 'function' ? (...args: unknown[]) => call(key, args) : value
    },
  })
}
