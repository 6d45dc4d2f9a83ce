/**
 * A small path router: patterns like `/odds/bookmaker/:bookmakerId/:sport`, exact segment
 * counts, decoded parameters. Both REST handlers and live-stream resolvers route through it.
 */
export type Params = Record<string, string>

interface Route<T> {
  method: string
  segments: string[]
  target: T
}

export class Router<T> {
  private readonly routes: Route<T>[] = []

  add(method: string, pattern: string, target: T): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), target })
    return this
  }

  /** `methodAllowed` false means the path exists under another method (405, not 404). */
  match(
    method: string,
    pathname: string,
  ): { target: T; params: Params } | { target: undefined; methodAllowed: boolean } {
    const parts = pathname.split('/').filter(Boolean)
    let pathKnown = false
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method !== method) {
        pathKnown = true
        continue
      }
      return { target: route.target, params }
    }
    return { target: undefined, methodAllowed: !pathKnown }
  }
}

function matchSegments(segments: readonly string[], parts: readonly string[]): Params | undefined {
  if (segments.length !== parts.length) return undefined
  const params: Params = {}
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as string
    let part: string
    try {
      part = decodeURIComponent(parts[i] as string)
    } catch {
      return undefined
    }
    if (seg.startsWith(':')) params[seg.slice(1)] = part
    else if (seg !== part) return undefined
  }
  return params
}
