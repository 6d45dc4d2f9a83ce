/** Serves files of the built renderer, and only those: the resolved path must stay inside the folder. */
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export async function readStaticFile(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const base = resolve(root)
  const file = resolve(base, `.${decoded}`)
  if (!file.startsWith(base + sep)) return null
  try {
    return { body: await readFile(file), type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }
  } catch {
    return null
  }
}
