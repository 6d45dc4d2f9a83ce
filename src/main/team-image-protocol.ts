/**
 * `team-image://image/<hash>`: cached team images for the renderer. The handler answers only from
 * the image cache, keyed by a hash that must match the strict pattern, so no URL can reach any
 * other file. The hash sits in the path because Chromium lowercases the host of standard schemes.
 */
import { protocol } from 'electron'
import { IMAGE_HASH_PATTERN, TEAM_IMAGE_SCHEME } from '../shared/bridge/channels'
import type { ImageCache } from './core/images'
import { PLACEHOLDER_PNG } from './core/images'

/** Must run before app `ready`. */
export function registerTeamImageScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: TEAM_IMAGE_SCHEME, privileges: { standard: true, secure: true } }])
}

export function serveTeamImages(images: ImageCache): void {
  protocol.handle(TEAM_IMAGE_SCHEME, async (request) => {
    const url = new URL(request.url)
    const hash = url.pathname.replace(/^\//, '')
    if (url.host !== 'image' || !IMAGE_HASH_PATTERN.test(hash)) return new Response('not found', { status: 404 })
    const image = await images.get(hash).catch(() => null)
    return new Response(Buffer.from(image?.bytes ?? PLACEHOLDER_PNG), { headers: { 'Content-Type': 'image/png' } })
  })
}
