/**
 * The window was reloaded because its renderer crashed or hung: Electron's main reloads it with
 * `?recovered=<reason>` and the renderer tells the trader what happened, in words.
 */
export const RECOVERED_PARAM = 'recovered'

export type RecoveryReason = 'crashed' | 'unresponsive'

const NOTICES: Record<RecoveryReason, string> = {
  crashed: 'The display crashed and was reloaded. Your watchlists, alerts and settings are kept.',
  unresponsive: 'The display stopped responding and was reloaded. Your watchlists, alerts and settings are kept.',
}

/** The notice for a page URL's query string, or null when the page was not reloaded by main. */
export function recoveryNotice(search: string): string | null {
  const reason = new URLSearchParams(search).get(RECOVERED_PARAM)
  return reason === 'crashed' || reason === 'unresponsive' ? NOTICES[reason] : null
}
