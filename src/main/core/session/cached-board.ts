/**
 * The board of a match as the cache last saw it: what the app shows while the feed is unreachable
 * (offline start). The header says `synced: false`, and every cell's `changedAt` is the receive
 * time of its last tick, so the screen can mark it as cached with its age. Markets and outcomes
 * keep the feed's words (labels, lines, order) as last seen live, from the cached match labels;
 * only an outcome those do not name is worded from its key. When the feed returns, the watch
 * engine's snapshot replaces this board whole.
 */
import type { BoardCell, LayoutGroup, LayoutMarket, MatchBoard, MatchLayout } from '../../../shared/board'
import type { MatchSummary } from '../../../shared/discovery'
import { outcomeId, type OutcomeRef, type OverrideEvent, type PriceTick } from '../../../shared/domain'
import { keyToWords, type MatchLabels } from '../../../shared/labels'
import { splitOddKey } from '../../../shared/wire/odds'
import { overridesInForce } from '../cache/override-spans'

export interface BoardArchive {
  latestPrices(matchId: number): PriceTick[]
  overrideEvents(matchId: number, from?: number, to?: number): OverrideEvent[]
  labels(matchId: number): MatchLabels | null
}

export function cachedBoard(archive: BoardArchive, match: MatchSummary, now: number): MatchBoard | null {
  const ticks = archive.latestPrices(match.matchId)
  if (ticks.length === 0) return null
  const overrides = overridesInForce(archive.overrideEvents(match.matchId), now)
  const priced = new Set(ticks.map(outcomeId))
  const groups = keptGroups(archive.labels(match.matchId)?.layout ?? null, priced)
  const placed = new Set(groups.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId))))
  const cells: BoardCell[] = []
  for (const tick of ticks) {
    const id = outcomeId(tick)
    if (!placed.has(id)) placeByKey(groups, tick)
    const override = overrides.get(id)
    cells.push({
      outcomeId: id,
      matchId: tick.matchId,
      oddType: tick.oddType,
      oddKey: tick.oddKey,
      price: tick.price,
      suspended: tick.suspended,
      direction: 'flat',
      delta: 0,
      deltaPct: 0,
      changedAt: tick.receivedTs,
      override: override
        ? { value: override.oddValue, expiresAt: override.expiresAt, suspended: override.suspended }
        : null,
    })
  }
  return {
    header: {
      matchId: match.matchId,
      sport: match.sport,
      status: match.statusType,
      statusReason: match.statusReason,
      score:
        match.homeScore === null || match.awayScore === null
          ? null
          : { home: { current: match.homeScore, periods: [] }, away: { current: match.awayScore, periods: [] } },
      clock: null,
      lastIncident: null,
      synced: false,
    },
    layout: { matchId: match.matchId, groups },
    cells,
  }
}

/**
 * The last live layout's groups, markets and outcomes that have a cached price, in the feed's order.
 * Markets read as not suspended: each cell carries its outcome's last suspension.
 */
export function keptGroups(layout: MatchLayout | null, priced: ReadonlySet<string>): LayoutGroup[] {
  return (layout?.groups ?? []).flatMap((group) => {
    const markets = group.markets.flatMap((market): LayoutMarket[] => {
      const outcomes = market.outcomes.filter((o) => priced.has(o.outcomeId))
      return outcomes.length > 0 ? [{ ...market, suspended: false, outcomes }] : []
    })
    return markets.length > 0 ? [{ oddType: group.oddType, markets }] : []
  })
}

/** An outcome the kept layout does not name (none was kept, or the feed added it): worded from its key. */
export function placeByKey(groups: LayoutGroup[], ref: OutcomeRef): void {
  const parts = splitOddKey(ref.oddKey) ?? { market: ref.oddKey, outcome: ref.oddKey }
  let group = groups.find((g) => g.oddType === ref.oddType)
  if (!group) groups.push((group = { oddType: ref.oddType, markets: [] }))
  let market = group.markets.find((m) => m.name === parts.market && m.line === null)
  if (!market) {
    market = { name: parts.market, label: keyToWords(parts.market), line: null, suspended: false, outcomes: [] }
    group.markets.push(market)
  }
  market.outcomes.push({ outcomeId: outcomeId(ref), key: parts.outcome, label: parts.outcome })
}
