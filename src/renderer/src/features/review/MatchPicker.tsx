/** Which match to review: any match of any watchlist, or any match id the cache may hold. */
import { useEffect, useMemo, useState } from 'react'
import { matchLabel, useWatchlists, watchedMatches } from './use-watchlists'

export function MatchPicker({ matchId, onPick }: { matchId: number | null; onPick: (matchId: number) => void }) {
  const { state, error } = useWatchlists()
  const matches = useMemo(() => watchedMatches(state), [state])
  const [typed, setTyped] = useState('')
  const typedId = /^\d{1,15}$/.test(typed.trim()) ? Number(typed.trim()) : null

  // Open on the first watched match, so the screen shows something without a click.
  const first = matches[0]?.matchId
  useEffect(() => {
    if (matchId === null && first !== undefined) onPick(first)
  }, [matchId, first, onPick])

  const known = matches.some((m) => m.matchId === matchId)
  return (
    <div className="match-picker">
      <select
        value={matchId === null ? '' : String(matchId)}
        onChange={(e) => e.target.value && onPick(Number(e.target.value))}
        aria-label="Match"
        data-testid="review-match"
      >
        {matchId === null && <option value="">{matches.length ? 'Pick a match…' : 'No watched matches'}</option>}
        {matchId !== null && !known && <option value={matchId}>Match {matchId}</option>}
        {matches.map((m) => (
          <option key={m.matchId} value={m.matchId}>
            {matchLabel(m)}
          </option>
        ))}
      </select>
      <form
        className="match-id-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (typedId !== null) onPick(typedId)
        }}
      >
        <input
          className="num"
          inputMode="numeric"
          placeholder="match id"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-label="Match id"
          data-testid="review-match-id"
        />
        <button type="submit" disabled={typedId === null}>
          Open
        </button>
      </form>
      {error && <span className="inline-note">Watchlists: {error}</span>}
    </div>
  )
}
