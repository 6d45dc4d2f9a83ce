/**
 * Asking the shell to bring a match forward. The shell owns navigation and listens for this DOM
 * event, so the alert list needs no handle on the shell's store.
 */
export const FOCUS_MATCH_EVENT = 'odds:focus-match'

export interface FocusMatchDetail {
  matchId: number
}

export function requestFocusMatch(matchId: number): void {
  window.dispatchEvent(new CustomEvent<FocusMatchDetail>(FOCUS_MATCH_EVENT, { detail: { matchId } }))
}
