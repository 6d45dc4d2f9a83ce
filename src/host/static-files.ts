/**
 * The built renderer's files, read into memory when the host starts and served from there, and
 * only those: a path names a file the folder held, or nothing. From memory a file is answered in
 * one turn of the event loop, also while the core is still loading (server.ts), where a read from
 * disk took several. The folder is a build's output (about 0.5 MB), which the host does not expect
 * to change while it runs: it reads index.html once at start too.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export interface StaticFile {
  body: Buffer
  type: string
}

/** Reads every file under `root`; answers the file for a URL path (`/assets/index.js`), or null. */
export function loadStaticFiles(root: string): (urlPath: string) => StaticFile | null {
  const files = new Map<string, StaticFile>()
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const urlPath = `/${relative(root, file).split(sep).join('/')}`
    files.set(urlPath, { body: readFileSync(file), type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
  }
  return (urlPath) => {
    try {
      return files.get(decodeURIComponent(urlPath)) ?? null
    } catch {
      return null // not a valid escape sequence
    }
  }
}
