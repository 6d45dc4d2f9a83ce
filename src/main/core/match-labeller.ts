/**
 * The words for a match and its outcomes as the core knows them now: teams from the watchlists,
 * the layout (the feed's market and outcome labels) from the live board, and otherwise what the
 * cache kept from an earlier sighting. Alerts, notifications, review and the CSV all ask here.
 */
import type { MatchLayout } from '../../shared/board'
import type { OutcomeRef } from '../../shared/domain'
import { matchName, outcomeText, outcomeWords, type MatchLabels, type Teams } from '../../shared/labels'
import type { FeedScopedArchive } from './cache/feed-scoped'

export interface LabelSources {
  teams(matchId: number): Teams | null
  liveLayout(matchId: number): MatchLayout | null
  cache: Pick<FeedScopedArchive, 'labels' | 'putLabels'>
}

export class MatchLabeller {
  constructor(private readonly sources: LabelSources) {}

  of(matchId: number): MatchLabels {
    const live = { teams: this.sources.teams(matchId), layout: this.sources.liveLayout(matchId) }
    if (live.teams && live.layout) return live
    const kept = this.sources.cache.labels(matchId)
    return { teams: live.teams ?? kept?.teams ?? null, layout: live.layout ?? kept?.layout ?? null }
  }

  matchName(matchId: number): string {
    return matchName(matchId, this.of(matchId).teams)
  }

  describe(ref: OutcomeRef): string {
    return outcomeText(outcomeWords(ref, this.of(ref.matchId)))
  }

  /** The board sent a match's layout: keep it with the teams, for when the match is no longer watched. */
  record(layout: MatchLayout): void {
    if (layout.groups.length === 0) return // a board before its first snapshot names nothing yet
    const teams = this.sources.teams(layout.matchId) ?? this.sources.cache.labels(layout.matchId)?.teams ?? null
    this.sources.cache.putLabels(layout.matchId, { teams, layout })
  }
}
