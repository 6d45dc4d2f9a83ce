/**
 * `<cache file>.owner`: which process of the app has the cache open, so a second copy started on
 * the same data folder (the everyday case of a file "locked by another program") can say which
 * one, and leaves the file to it instead of writing the same matches into it at the same time. A
 * process that ended without removing it (a crash) no longer runs, or ran before this boot, and
 * is ignored; on Linux its start time is kept too, so a pid taken since by another process (a
 * container restarted after a kill -9 gives out the same small pids) names no one either.
 */
import fs from 'node:fs'

interface Owner {
  pid: number
  /** Linux's id of this boot: a pid from before a restart names nobody. Null elsewhere. */
  boot: string | null
  /** Linux: when that process started (clock ticks since boot, /proc/<pid>/stat). Null elsewhere. */
  start: string | null
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    return null
  }
}

/** Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces and parentheses). */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
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
  const { pid, boot, start } = owner
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null
  if (boot !== bootId() || (start ?? null) !== processStart(pid)) return null
  return running(pid) ? pid : null
}

/** This process has the cache open now (best effort: an owner file that cannot be written only names no one). */
export function claimOwnership(cacheFile: string): void {
  try {
    fs.writeFileSync(
      ownerFile(cacheFile),
      JSON.stringify({ pid: process.pid, boot: bootId(), start: processStart(process.pid) } satisfies Owner),
    )
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
