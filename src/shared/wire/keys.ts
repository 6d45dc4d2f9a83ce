/**
 * How a key travels to either service: the one place where Odds Monitor writes down its
 * assumptions about credentials. data-service.md: keys come "through a provider dashboard or
 * through a third-party API marketplace"; field-notes.md shows how each is sent.
 *
 * K1  Two key styles, chosen per service in Settings (`dataKeyStyle`, `oddsKeyStyle`):
 *     `bearer` (a dashboard key): REST sends `Authorization: Bearer <key>` (data-service.md);
 *     `marketplace` (a marketplace key): REST sends `X-RapidAPI-Key: <key>` and
 *     `X-RapidAPI-Host: <host>`, and no Authorization header (field-notes.md).
 * K2  The data service's marketplace host is per sport, `<sport>-devs.p.rapidapi.com`, whatever
 *     address the request goes to (field-notes.md), so a gateway or the simulator in front of it
 *     still names the sport's API. Its REST address is `https://<sport>-devs.p.rapidapi.com/<route>`:
 *     a data-service URL whose first host label is `<sport>-devs` gives every other sport's host
 *     by swapping the sport (core/clients/data-service/base-url.ts).
 * K3  The odds feed's marketplace variant is not documented anywhere. ASSUMPTION: the same headers,
 *     with `X-RapidAPI-Host` the host of the odds feed address the request goes to.
 * K4  Live streams (WebSocket and event stream): data-service.md documents only `?token=<key>`,
 *     and a browser WebSocket cannot send headers. ASSUMPTION: a stream always carries the key as
 *     `?token=<key>`, in both styles; in the marketplace style it also sends the two marketplace
 *     headers on the upgrade / event-stream request, as a Node client can (the gateway of a
 *     marketplace routes by them). The stream's host header is the one its REST twin would send:
 *     the sport's host for data streams, the stream address's host for odds streams.
 * K5  Team images (`{image_base_url}/{hash_image}.png`) carry no key in either style: the
 *     documents name no credential for them and the image host is configured on its own, so a key
 *     is never sent to it.
 */
import { z } from 'zod'

export const KeyStyle = z.enum(['bearer', 'marketplace'])
export type KeyStyle = z.infer<typeof KeyStyle>

/** Header names as lower case (HTTP header names are case-insensitive; Node reads them so). */
export const MARKETPLACE_KEY_HEADER = 'x-rapidapi-key'
export const MARKETPLACE_HOST_HEADER = 'x-rapidapi-host'

/** K2: the first host label of a sport's marketplace address (`hockey` → `hockey-devs`). */
export function marketplaceHostLabel(sport: string): string {
  return `${sport}-devs`
}

/** K2: the marketplace host of a sport's data service. */
export function dataMarketplaceHost(sport: string): string {
  return `${marketplaceHostLabel(sport)}.p.rapidapi.com`
}

/** K1, K3: the headers that carry `key` in `style`; `marketplaceHost` is used only by the marketplace style. */
export function keyHeaders(style: KeyStyle, key: string, marketplaceHost: string): Record<string, string> {
  return style === 'marketplace'
    ? { [MARKETPLACE_KEY_HEADER]: key, [MARKETPLACE_HOST_HEADER]: marketplaceHost }
    : { authorization: `Bearer ${key}` }
}

/** K4: the headers a live stream sends besides its `?token=` (none in the bearer style). */
export function streamKeyHeaders(style: KeyStyle, key: string, marketplaceHost: string): Record<string, string> {
  return style === 'marketplace' ? keyHeaders(style, key, marketplaceHost) : {}
}
