/** One match in Discover's list: start, status, teams and score, league, priced mark, add button. */
import type { MatchSummary } from '../../../../shared/discovery'
import { TeamBadge } from '../../components/TeamBadge'
import { formatStart } from '../../lib/format'

interface Props {
  match: MatchSummary
  selected: boolean
  watched: boolean
  /** Whether the bookmaker prices it; null when the odds feed could not say. */
  priced: boolean | null
  /** False for a match of the provider's public feed only: there is nothing of the bookmaker's to watch. */
  addable?: boolean
  onSelect: () => void
  onAdd: () => void
}

export function MatchRow({ match: m, selected, watched, priced, addable = true, onSelect, onAdd }: Props) {
  return (
    <div
      role="option"
      aria-selected={selected}
      className={selected ? 'match-row selected' : 'match-row'}
      data-testid="discover-row"
      data-match={m.matchId}
      data-priced={priced === null ? undefined : String(priced)}
      onClick={onSelect}
    >
      <span className="num muted start">{formatStart(m.startTime)}</span>
      <span className={`status-chip`} data-status={m.statusType ?? 'unknown'}>
        {m.statusType ?? '—'}
      </span>
      <span className="team">
        <TeamBadge team={m.home} /> {m.home.name}
      </span>
      <span className="num score-cell">
        {m.homeScore !== null || m.awayScore !== null ? `${m.homeScore ?? 0}–${m.awayScore ?? 0}` : ''}
      </span>
      <span className="team">
        <TeamBadge team={m.away} /> {m.away.name}
      </span>
      <span className="muted league">{m.tournamentName ?? m.leagueName}</span>
      {priced === null ? (
        <span />
      ) : (
        <span
          className={priced ? 'badge ok' : 'badge'}
          title={priced ? 'The bookmaker prices this match' : 'No prices for this match yet'}
        >
          {priced ? 'priced' : 'no prices'}
        </span>
      )}
      <button
        type="button"
        className="add-button"
        disabled={watched || !addable}
        onClick={onAdd}
        data-testid="add-match"
      >
        {watched ? 'Watching' : addable ? '+ Add' : 'Public feed'}
      </button>
    </div>
  )
}
