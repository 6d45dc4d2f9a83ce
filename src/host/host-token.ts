/**
 * The browser host's access token, kept in its data folder (readable by the owner only). A host
 * restarted on the same --port then accepts the page that is still open: the page reconnects with
 * the token in its URL and cookie and carries on. Delete the file for a new token. In a folder that
 * cannot be written (a read-only disk) the token lives for this run only, and `onNotKept` says why.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { diskRefusal } from '../main/core/disk-refusals'

const TOKEN_FILE = 'host-token'
/** 24 random bytes in base64url, as written below; anything else in the file is replaced. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** Where `hostToken` keeps the token of the host on `dataDir`. */
export const hostTokenFile = (dataDir: string): string => join(dataDir, TOKEN_FILE)

export function hostToken(dataDir: string, onNotKept: (why: string) => void = () => {}): string {
  const file = hostTokenFile(dataDir)
  const kept = readToken(file)
  if (kept) {
    narrowMode(file)
    return kept
  }
  const token = randomBytes(24).toString('base64url')
  try {
    writeFileSync(file, token, { mode: 0o600 })
    narrowMode(file)
  } catch (error) {
    onNotKept(diskRefusal(file, error))
  }
  return token
}

/** The mode option applies only to a new file: an older or hand-made one is narrowed too (where it can be). */
function narrowMode(file: string): void {
  try {
    chmodSync(file, 0o600)
  } catch {
    // A read-only disk: nobody can change the file there either.
  }
}

function readToken(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim()
    return TOKEN_PATTERN.test(text) ? text : null
  } catch {
    return null // not there yet
  }
}
