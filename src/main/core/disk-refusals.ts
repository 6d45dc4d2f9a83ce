/**
 * Why a file of the data folder could not be opened or written, in the trader's words: a full
 * disk, a read-only disk, no permission, a folder where the file should be. The error's own
 * message otherwise.
 */
import fs from 'node:fs'
import path from 'node:path'

export function diskRefusal(file: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return 'disk full'
  if (code === 'EISDIR' || isFolder(file)) return `a folder is where ${path.basename(file)} should be`
  const folder = folderRefusal(path.dirname(file))
  if (folder) return folder
  if (code === 'EROFS') return 'the disk is read-only'
  if (code === 'EACCES' || code === 'EPERM') return `no permission to write ${path.basename(file)}`
  return error instanceof Error ? error.message : String(error)
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory()
  } catch {
    return false
  }
}

/** SQLite says "unable to open database file" for all of these: the folder itself tells which. */
function folderRefusal(folder: string): string | null {
  try {
    fs.accessSync(folder, fs.constants.W_OK)
    return null
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EROFS') return 'the data folder is on a read-only disk'
    if (code === 'EACCES' || code === 'EPERM') return 'no permission to write in the data folder'
    return null
  }
}
