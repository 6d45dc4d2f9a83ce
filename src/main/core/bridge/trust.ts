/**
 * Which URLs count as "the app": the sender check for the bridge and the navigation guard both ask
 * here, and both parse URLs (never compare string prefixes, which `file:///app/out/renderer-evil/`
 * or `http://127.0.0.1:5173.evil.example` would pass).
 */
export type AppLocation =
  /** The built renderer loaded from disk: any file inside this folder. */
  | { kind: 'file'; rendererDir: string }
  /** A dev server or the headless host: exactly this origin. */
  | { kind: 'origin'; origin: string }

export function isAppUrl(candidate: string, app: AppLocation): boolean {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return false
  }
  if (app.kind === 'origin') return url.origin === new URL(app.origin).origin
  if (url.protocol !== 'file:' || url.host !== '') return false
  const dir = new URL(`file://${toUrlPath(app.rendererDir)}/`)
  // URL parsing resolved any `..` and percent-decoding is not applied to the path, so a plain
  // comparison of normalised paths is exact.
  return url.pathname.startsWith(dir.pathname)
}

/** Windows paths (`C:\\app`) become URL paths (`/C:/app`); POSIX paths pass through. */
function toUrlPath(path: string): string {
  const slashed = path.replace(/\\/g, '/').replace(/\/+$/, '')
  return slashed.startsWith('/') ? slashed : `/${slashed}`
}
