/**
 * Team images on disk as `<dir>/<hash>.png`: fetched once, then served from disk (also offline).
 * Concurrent requests for one hash share one fetch; files appear atomically (temp file + rename),
 * so a crash never leaves half an image that later reads would serve.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { isValidImageHash } from '../../../shared/team-images'
import { InvalidImageHashError } from './image-hash'

export interface ImageCacheOptions {
  dir: string
  /** Fetches `<image host>/<hash>.png`; null when the host has no such image. */
  fetchImage: (hash: string) => Promise<Uint8Array | null>
}

export interface CachedImage {
  bytes: Uint8Array
  source: 'cache' | 'network'
}

export interface ImageCache {
  /** The image, or null when the host has none (serve PLACEHOLDER_PNG). Throws InvalidImageHashError. */
  get(hash: string): Promise<CachedImage | null>
}

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}

export function createImageCache({ dir, fetchImage }: ImageCacheOptions): ImageCache {
  const root = path.resolve(dir)
  const inFlight = new Map<string, Promise<CachedImage | null>>()

  const fileOf = (hash: string): string => {
    const file = path.join(root, `${hash}.png`)
    // Belt and braces: the pattern already rules out anything that could leave the folder.
    if (path.dirname(file) !== root) throw new InvalidImageHashError(hash)
    return file
  }

  const readCached = async (file: string): Promise<Uint8Array | null> => {
    try {
      return new Uint8Array(await fs.readFile(file))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  const load = async (hash: string): Promise<CachedImage | null> => {
    const file = fileOf(hash)
    const cached = await readCached(file)
    if (cached) return { bytes: cached, source: 'cache' }
    const fetched = await fetchImage(hash)
    // An error page or anything else that is not a PNG is treated as missing, never stored.
    if (!fetched || !isPng(fetched)) return null
    await fs.mkdir(root, { recursive: true })
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    try {
      await fs.writeFile(tmp, fetched)
      await fs.rename(tmp, file)
    } catch (err) {
      await fs.rm(tmp, { force: true })
      throw err
    }
    return { bytes: fetched, source: 'network' }
  }

  return {
    get(hash) {
      if (!isValidImageHash(hash)) return Promise.reject(new InvalidImageHashError(hash))
      const running = inFlight.get(hash)
      if (running) return running
      const started = load(hash).finally(() => inFlight.delete(hash))
      inFlight.set(hash, started)
      return started
    },
  }
}
