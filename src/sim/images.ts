/**
 * `{image_base_url}/{hash_image}.png`: a real PNG for every hash the world references, drawn in
 * the record's colours (a disc of the primary colour with a band of the secondary one).
 */
import { PNG } from 'pngjs'
import type { SimHttpServer } from './http/server'
import { jsonReply } from './http/server'
import type { ImageSpec, World } from './world/model'

const SIZE = 64

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function drawImage(spec: ImageSpec): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE })
  const primary = rgb(spec.primary)
  const secondary = rgb(spec.secondary)
  const r = SIZE / 2
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 <= r * r
      const band = Math.abs(x - y) < SIZE / 8
      const [cr, cg, cb] = band ? secondary : primary
      png.data[i] = cr
      png.data[i + 1] = cg
      png.data[i + 2] = cb
      png.data[i + 3] = inside ? 255 : 0
    }
  }
  return PNG.sync.write(png)
}

export function registerImageRoutes(server: SimHttpServer, world: World): void {
  const specs = new Map<string, ImageSpec>()
  for (const sport of Object.values(world.sports)) for (const [hash, spec] of sport.images) specs.set(hash, spec)
  const cache = new Map<string, Buffer>()
  server.rest.add('GET', '/images/:file', (ctx) => {
    const m = /^([0-9a-f]{32})\.png$/.exec(ctx.params.file ?? '')
    const spec = m ? specs.get(m[1] as string) : undefined
    if (!m || !spec) return jsonReply(404, { error: 'not_found', message: `no image ${ctx.params.file}` })
    let png = cache.get(m[1] as string)
    if (!png) cache.set(m[1] as string, (png = drawImage(spec)))
    return { status: 200, body: png, contentType: 'image/png', headers: { 'cache-control': 'public, max-age=86400' } }
  })
}
