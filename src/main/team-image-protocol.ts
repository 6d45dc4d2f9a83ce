/**
 * `team-image://image/<hash>`: cached team images for the renderer. The handler answers only from
 * the image cache, keyed by a hash that must match the strict pattern, so no URL can reach any
 * other file; a request of any other shape is refused and counted (`refused:team-image`).
 */
import { parseTeamImageUrl, TEAM_IMAGE_SCHEME } from '../shared/team-images'
import type { FaultReporter } from './core/faults/fault-reporter'
import type { ImageCache } from './core/images'
import { PLACEHOLDER_PNG } from './core/images'
import type { ElectronApi } from './electron-api'

type Protocol = ElectronApi['protocol']

/** Must run before app `ready`. */
export function registerTeamImageScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([{ scheme: TEAM_IMAGE_SCHEME, privileges: { standard: true, secure: true } }])
}

export function serveTeamImages(protocol: Protocol, images: ImageCache, faults: FaultReporter): void {
  protocol.handle(TEAM_IMAGE_SCHEME, async (request) => {
    const parsed = parseTeamImageUrl(request.url)
    if ('error' in parsed) {
      const message = `team image request refused: ${parsed.error}`
      faults.report({
        process: 'main',
        kind: 'refused:team-image',
        message,
        detail: { url: request.url.slice(0, 200) },
      })
      return new Response('not found', { status: 404 })
    }
    const image = await images.get(parsed.hash).catch(() => null)
    return new Response(Buffer.from(image?.bytes ?? PLACEHOLDER_PNG), { headers: { 'Content-Type': 'image/png' } })
  })
}
