import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOSTILE_IMAGE_HASHES as HOSTILE } from '../../../shared/team-images.test-support'
import { createImageCache, InvalidImageHashError, PLACEHOLDER_PNG } from './index'

function png(width: number): Uint8Array {
  const image = new PNG({ width, height: 1 })
  image.data.fill(200)
  return new Uint8Array(PNG.sync.write(image))
}

describe('the placeholder image', () => {
  it('ships a placeholder that is a real PNG', () => {
    const decoded = PNG.sync.read(Buffer.from(PLACEHOLDER_PNG))
    expect([decoded.width, decoded.height]).toEqual([32, 32])
  })
})

describe('image cache on disk', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-images-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('fetches once, stores <hash>.png, then serves from disk (also a new instance)', async () => {
    const fetched: string[] = []
    const image = png(3)
    const fetchImage = async (hash: string) => {
      fetched.push(hash)
      return image
    }
    const cache = createImageCache({ dir, fetchImage })
    expect(await cache.get('team1')).toEqual({ bytes: image, source: 'network' })
    expect(await cache.get('team1')).toEqual({ bytes: image, source: 'cache' })
    expect(fs.readdirSync(dir)).toEqual(['team1.png'])
    const offline = createImageCache({ dir, fetchImage: () => Promise.reject(new Error('offline')) })
    expect(await offline.get('team1')).toEqual({ bytes: image, source: 'cache' })
    expect(fetched).toEqual(['team1'])
  })

  it('shares one fetch between concurrent requests for a hash', async () => {
    let calls = 0
    let release: (b: Uint8Array) => void = () => {}
    const gate = new Promise<Uint8Array>((resolve) => (release = resolve))
    const cache = createImageCache({
      dir,
      fetchImage: () => {
        calls++
        return gate
      },
    })
    const both = Promise.all([cache.get('same'), cache.get('same')])
    release(png(2))
    const [a, b] = await both
    expect(calls).toBe(1)
    expect(a?.source).toBe('network')
    expect(b).toBe(a)
    expect((await cache.get('same'))?.source).toBe('cache')
  })

  it('returns null for a missing image or a non-PNG answer, storing nothing', async () => {
    const cache = createImageCache({
      dir,
      fetchImage: async (hash) => (hash === 'html' ? new TextEncoder().encode('<html>404</html>') : null),
    })
    expect(await cache.get('missing')).toBeNull()
    expect(await cache.get('html')).toBeNull()
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('refuses invalid and traversal-shaped hashes before touching the disk or the network', async () => {
    const outside = path.join(dir, '..', 'x.png')
    let calls = 0
    const cache = createImageCache({ dir: path.join(dir, 'images'), fetchImage: async () => (calls++, png(1)) })
    for (const bad of HOSTILE) await expect(cache.get(bad), bad).rejects.toBeInstanceOf(InvalidImageHashError)
    expect(calls).toBe(0)
    expect(fs.existsSync(outside)).toBe(false)
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
