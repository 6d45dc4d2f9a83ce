/**
 * The page a browser gets when it opens the host without its token (a bookmark of the bare
 * address, the token cut off when the link was copied): where the right link is, instead of a bare
 * "forbidden". Only a request that is ours in every other way (loopback Host, no foreign Origin)
 * gets it; it names the token's file, never the token.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function tokenHelpPage(origin: string, tokenFile: string | undefined): string {
  const fromFile = tokenFile
    ? `<p>The token is also kept in <code>${escapeHtml(tokenFile)}</code>: open
<code>${escapeHtml(origin)}/?token=</code> followed by that file's contents.</p>`
    : ''
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Odds Monitor: this link needs its access token</title>
<h1>This link needs its access token</h1>
<p>Odds Monitor's browser host only opens the link it printed when it started, which ends in
<code>?token=…</code>. Copy it from the terminal where <code>npm run start:browser</code> runs: the line
<code>Odds Monitor (browser host) ready at ${escapeHtml(origin)}/?token=…</code>.</p>
${fromFile}
</html>
`
}
