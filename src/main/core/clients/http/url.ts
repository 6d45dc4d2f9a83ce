import { failWith, succeed, type FeedResult } from './result'
import { serviceWords, type ServiceName } from './service-gate'

/**
 * A feed URL from a configured base and path segments, each segment encoded: ids never reach a
 * path unescaped. An empty or unusable base (settings not filled in) is a typed error, not a throw.
 */
export function feedUrl(
  service: ServiceName,
  base: string,
  segments: readonly (string | number)[],
  search?: URLSearchParams | string,
): FeedResult<URL> {
  if (!URL.canParse(base)) return failWith('bad_request', `no valid address set for ${serviceWords(service)}`)
  const url = new URL(base)
  const basePath = url.pathname.replace(/\/+$/, '')
  url.pathname = [basePath, ...segments.map((s) => encodeURIComponent(String(s)))].join('/')
  url.search = search === undefined ? '' : search.toString()
  return succeed(url)
}
