/**
 * The renderer's Content-Security-Policy, written once: the build puts it in index.html's meta tag
 * (Electron loads files, which have no headers) and the headless host also sends it as a header.
 * Scripts only from the app itself; images from the app, data: URLs and the team-image protocol;
 * connections only back to the app (the headless host's WebSocket is same-origin).
 */
import { TEAM_IMAGE_SCHEME } from './team-images'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and uPlot set inline style attributes; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${TEAM_IMAGE_SCHEME}:`,
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/** `frame-ancestors` only works as a header (browsers ignore it in a meta tag), so only the host adds it. */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`
