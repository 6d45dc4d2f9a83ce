/**
 * One match's card behind its own error boundary: a match whose data the card cannot render shows
 * an error card with "reload this match" (fetch the boards afresh, mount the card again) while the
 * other matches go on updating.
 */
import type { ComponentProps } from 'react'
import { call } from '../../bridge'
import { ErrorBoundary } from '../../components/ErrorBoundary'
import { describeError } from '../../lib/errors'
import { loadBoards } from '../../store/board-store'
import { useFeedStore } from '../../store/feed-store'
import { MatchCard } from './MatchCard'

export function GuardedMatchCard(props: ComponentProps<typeof MatchCard>) {
  const { match } = props
  const reload = (retry: () => void) =>
    call('board:get').then(
      (boards) => {
        loadBoards(boards)
        retry()
      },
      (error: unknown) => useFeedStore.setState({ boardError: describeError(error) }),
    )
  return (
    <ErrorBoundary
      where={`match:${match.matchId}`}
      fallback={(error, retry) => (
        <section className="match-card match-error" role="alert" data-testid="match-error" data-match={match.matchId}>
          <p>
            {match.home.name} v {match.away.name} could not be shown: {error.message}
          </p>
          <button type="button" onClick={() => void reload(retry)}>
            Reload this match
          </button>
        </section>
      )}
    >
      <MatchCard {...props} />
    </ErrorBoundary>
  )
}
