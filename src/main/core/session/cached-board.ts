/**
 * The board of a match as the cache last saw it: what the app shows while the feed is unreachable
 * (offline start). The header says `synced: false`, and every cell's `changedAt` is the receive
 * time of its last tick, so the screen can mark it as cached with its age. When the feed returns,
 * the watch engine's snapshot replaces this board whole.
 */
import type { BoardCell, LayoutGroup, MatchBoard } from '../../../shared/board'
import type { MatchSummary } from '../../../shared/discovery'
import { outcomeId, type OverrideEvent, type PriceTick } from '../../../shared/domain'
import { keyToWords } from '../../../shared/labels'
import { splitOddKey } from '../../../shared/wire/odds'

export interface BoardArchive {
  latestPrices(matchId: number): PriceTick[]
  overrideEvents(matchId: number, from?: number, to?: number): OverrideEvent[]
}

export function cachedBoard(archive: BoardArchive, match: MatchSummary, now: number): MatchBoard | null {
  const ticks = archive.latestPrices(match.matchId)
  if (ticks.length === 0) return null
  const overrides = activeOverrides(archive.overrideEvents(match.matchId), now)
  const groups = new Map<string, LayoutGroup>()
  const cells: BoardCell[] = []
  for (const tick of ticks) {
    const id = outcomeId(tick)
    const parts = splitOddKey(tick.oddKey) ?? { market: tick.oddKey, outcome: tick.oddKey }
    const group = groups.get(tick.oddType) ?? { oddType: tick.oddType, markets: [] }
    groups.set(tick.oddType, group)
    let market = group.markets.find((m) => m.name === parts.market)
    if (!market) {
      market = {
        name: parts.market,
        label: keyToWords(parts.market),
        line: null,
        suspended: false,
        outcomes: [],
      }
      group.markets.push(market)
    }
    market.outcomes.push({ outcomeId: id, key: parts.outcome, label: parts.outcome })
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
    layout: { matchId: match.matchId, groups: [...groups.values()] },
    cells,
  }
}

/** The override in force per outcome: the last event, if it set or changed one that has not expired. */
function activeOverrides(events: readonly OverrideEvent[], now: number): Map<string, OverrideEvent> {
  const last = new Map<string, OverrideEvent>()
  for (const event of events) last.set(outcomeId(event), event)
  for (const [id, event] of last) {
    if (!(event.action === 'set' || event.action === 'changed') || event.expiresAt <= now) last.delete(id)
  }
  return last
}
