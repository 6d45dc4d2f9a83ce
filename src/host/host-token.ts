/**
 * The browser host's access token, kept in its data folder (readable by the owner only). A host
 * restarted on the same --port then accepts the page that is still open: the page reconnects with
 * the token in its URL and cookie and carries on. Delete the file for a new token.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const TOKEN_FILE = 'host-token'
/** 24 random bytes in base64url, as written below; anything else in the file is replaced. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** Where `hostToken` keeps the token of the host on `dataDir`. */
export const hostTokenFile = (dataDir: string): string => join(dataDir, TOKEN_FILE)

export function hostToken(dataDir: string): string {
  const file = hostTokenFile(dataDir)
  let token = readToken(file)
  if (!token) {
    token = randomBytes(24).toString('base64url')
    writeFileSync(file, token, { mode: 0o600 })
  }
  // The mode option applies only to a new file: an older or hand-made one is narrowed too.
  chmodSync(file, 0o600)
  return token
}

function readToken(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim()
    return TOKEN_PATTERN.test(text) ? text : null
  } catch {
    return null // not there yet
  }
}
