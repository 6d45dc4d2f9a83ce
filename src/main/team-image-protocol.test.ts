/** The team-image protocol against the typed fake of Electron, over a real image cache on disk. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { HOSTILE_IMAGE_HASHES } from '../shared/team-images.test-support'
import { createImageCache, PLACEHOLDER_PNG } from './core/images'
import { registerTeamImageScheme, serveTeamImages } from './team-image-protocol'
import { createFakeElectron } from './testing/fake-electron'
import { testFaultLog } from './testing/fault-log'

function png(): Buffer {
  const image = new PNG({ width: 3, height: 2 })
  image.data.fill(90)
  return PNG.sync.write(image)
}

function served() {
  const root = mkdtempSync(join(tmpdir(), 'om-images-'))
  const dir = join(root, 'images')
  mkdirSync(dir)
  // A file next to the cache that a traversal would be after.
  writeFileSync(join(root, 'secret.png'), png())
  const fetched: string[] = []
  const images = createImageCache({
    dir,
    fetchImage: async (hash) => {
      fetched.push(hash)
      return null
    },
  })
  const electron = createFakeElectron({ userData: root })
  const { faults } = testFaultLog()
  registerTeamImageScheme(electron.protocol)
  serveTeamImages(electron.protocol, images, faults)
  return { electron, dir, fetched, faults }
}

describe('team-image protocol', () => {
  it('is registered as a standard, secure scheme before ready', () => {
    const { electron } = served()
    expect(electron.protocol.privileged).toEqual([
      { scheme: 'team-image', privileges: { standard: true, secure: true } },
    ])
  })

  it('serves a cached PNG from the image cache', async () => {
    const { electron, dir, fetched } = served()
    const bytes = png()
    writeFileSync(join(dir, 'abc_123-X.png'), bytes)
    const response = await electron.protocol.fetch('team-image://image/abc_123-X')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    expect(fetched).toEqual([])
  })

  it('answers the placeholder for an image the feed does not have', async () => {
    const { electron, fetched } = served()
    const response = await electron.protocol.fetch('team-image://image/missing')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PLACEHOLDER_PNG)
    expect(fetched).toEqual(['missing'])
  })

  it('refuses traversal-shaped and foreign requests without touching the cache or the network, and counts them', async () => {
    const { electron, fetched, faults } = served()
    const urls = [
      'team-image://image/..%2Fsecret',
      'team-image://image/..%5Csecret',
      'team-image://image/secret.png',
      'team-image://image/a%20b',
      'team-image://image/C:secret',
      'team-image://image/abc?x=1',
      'team-image://image/abc#f',
      `team-image://image/${'x'.repeat(129)}`,
      'team-image://image/',
      'team-image://other/abc',
      'team-image://secret',
    ]
    for (const url of urls) expect((await electron.protocol.fetch(url)).status, url).toBe(404)
    expect(fetched).toEqual([])
    expect(faults.snapshot().byKind).toEqual({ 'refused:team-image': urls.length })
  })

  it('never serves a file outside the cache, whatever the URL parser makes of a traversal', async () => {
    const { electron, fetched } = served()
    const secret = png()
    for (const hash of HOSTILE_IMAGE_HASHES) {
      const response = await electron.protocol.fetch(`team-image://image/${hash}`)
      expect(Buffer.from(await response.arrayBuffer()).equals(secret), hash).toBe(false)
    }
    // `../x` and `%2e%2e` are dot segments: the URL arrives as a plain hash inside the cache.
    for (const hash of fetched) expect(hash).toMatch(/^[A-Za-z0-9_-]+$/)
  })
})
