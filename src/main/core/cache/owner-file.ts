/**
 * `<cache file>.owner`: which process of the app has the cache open, so a second copy started on
 * the same data folder (the everyday case of a file "locked by another program") can say which
 * one, and leaves the file to it instead of writing the same matches into it at the same time. A
 * process that ended without removing it (a crash) no longer runs, or ran before this boot, and
 * is ignored.
 */
import fs from 'node:fs'

interface Owner {
  pid: number
  /** Linux's id of this boot: a pid from before a restart names nobody. Null elsewhere. */
  boot: string | null
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    return null
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // there, but another user's
  }
}

const ownerFile = (cacheFile: string) => `${cacheFile}.owner`

/** The pid of another running process of the app that has this cache open, or null. */
export function otherOwner(cacheFile: string): number | null {
  let owner: Partial<Owner>
  try {
    owner = JSON.parse(fs.readFileSync(ownerFile(cacheFile), 'utf8')) as Partial<Owner>
  } catch {
    return null
  }
  const { pid, boot } = owner
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null
  if (boot !== bootId()) return null
  return running(pid) ? pid : null
}

/** This process has the cache open now (best effort: an owner file that cannot be written only names no one). */
export function claimOwnership(cacheFile: string): void {
  try {
    fs.writeFileSync(ownerFile(cacheFile), JSON.stringify({ pid: process.pid, boot: bootId() } satisfies Owner))
  } catch {
    // A second copy then cannot name this one; it still finds the file held by SQLite's own locks.
  }
}

export function releaseOwnership(cacheFile: string): void {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(cacheFile), 'utf8')) as Partial<Owner>
    if (owner.pid === process.pid) fs.rmSync(ownerFile(cacheFile))
  } catch {
    // Not there, or not readable: nothing of ours to remove.
  }
}
