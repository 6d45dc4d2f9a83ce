/**
 * One match as a grid row: teams in full, score, status and clock, league, then its price cells
 * slot by slot. It selects its match's layout and header; each price is a PriceCell of its own
 * (features/board), so a tick re-renders one cell, never the row. Every row is the same height
 * (ROW_PX) so the grid can mount only the rows on screen (lib/row-window.ts).
 */
import { Fragment, memo, useMemo } from 'react'
import type { MatchHeader } from '../../../../shared/board'
import type { MatchSummary } from '../../../../shared/discovery'
import type { GridColumn } from '../../../../shared/watchlists'
import { useRenderCount } from '../../lib/render-count'
import { useHeader, useLayout } from '../../store/board-store'
import { useStalePrices } from '../../store/price-freshness'
import { useLiveOnly } from '../../store/replay-store'
import { MatchClockView } from '../board/MatchCard'
import { PriceCell } from '../board/PriceCell'
import { rowSlots, type GridSlot } from './grid-columns'

export const ROW_PX = 44

/** The columns of a row and its heading: match (teams and score), status and league, then each slot's cells. */
export function gridTemplate(slots: readonly GridSlot[]): string {
  const cells = slots.flatMap((s) => [
    ...(s.hasLine ? ['var(--grid-line-w)'] : []),
    ...s.outcomes.map(() => 'var(--grid-cell-w)'),
  ])
  return ['minmax(var(--grid-match-min), 2fr)', 'minmax(var(--grid-state-min), 1fr)', ...cells].join(' ')
}

export const GridRow = memo(function GridRow({
  match,
  columns,
  slots,
  template,
  pinned,
  offScreen,
}: {
  match: MatchSummary
  /** Its sport's columns, slot by slot. */
  columns: readonly GridColumn[]
  slots: readonly GridSlot[]
  template: string
  pinned: boolean
  /** Mounted ahead of the screen: its cells hold their ticks until it comes on (PriceCell). */
  offScreen: boolean
}) {
  const layout = useLayout(match.matchId)
  const stale = useStalePrices(match.matchId)
  const cells = useMemo(() => rowSlots(layout, columns, slots), [layout, columns, slots])
  useRenderCount(`grid-row:${match.matchId}`)
  return (
    <div
      className={pinned ? 'grid-row pinned' : 'grid-row'}
      data-testid="grid-row"
      data-match={match.matchId}
      data-prices={stale ? 'stale' : 'current'}
      style={{ gridTemplateColumns: template }}
    >
      <MatchInfo match={match} />
      {/* The cells sit in one box over all the price columns, not in the row's grid: a grid item is
          never a relayout boundary, so each new price laid out the whole row (styles.css, .grid-prices). */}
      {cells.length > 0 && (
        <div className="grid-prices">
          {cells.map((slot, i) => (
            <Fragment key={i}>
              {slots[i]!.hasLine && <span className="grid-line num muted">{slot.market?.line ?? ''}</span>}
              {slot.outcomes.map((outcome, j) =>
                outcome && slot.market ? (
                  <PriceCell
                    key={outcome.outcomeId}
                    outcomeId={outcome.outcomeId}
                    label={`${slot.market.label}${slot.market.line === null ? '' : ` ${slot.market.line}`} · ${outcome.label}`}
                    stale={stale}
                    variant="grid"
                    offScreen={offScreen}
                  />
                ) : (
                  <span key={`gap-${j}`} className="grid-gap" />
                ),
              )}
            </Fragment>
          ))}
        </div>
      )}
    </div>
  )
})

/**
 * The row's first two columns: teams with their scores, status, clock and league. It alone
 * selects the match's header, so a new score or clock reading re-renders it and not the row.
 */
const MatchInfo = memo(function MatchInfo({ match }: { match: MatchSummary }) {
  const header = useHeader(match.matchId)
  // The watchlist's summary (status and score when the match was added) stands in for a missing
  // header live only: during a replay it would show now's state as then's.
  const summary = useLiveOnly(match, null)
  const status = header?.status ?? summary?.statusType
  const score = header?.score
  const periods = score ? periodWords(score) : undefined
  return (
    <>
      <div className="grid-match">
        {(['home', 'away'] as const).map((side) => (
          <Fragment key={side}>
            <span className="grid-team" data-testid="grid-team" title={match[side].name}>
              {match[side].name}
            </span>
            <span className="grid-score num" title={periods}>
              {score?.[side].current ?? summary?.[`${side}Score`] ?? ''}
            </span>
          </Fragment>
        ))}
      </div>
      <div className="grid-state">
        <span className="grid-status">
          <span className="status-chip" data-status={status ?? 'unknown'}>
            {status ?? '—'}
          </span>
          {header?.clock && <MatchClockView clock={header.clock} running={status === 'live'} />}
        </span>
        <span className="grid-league muted" title={match.leagueName}>
          {match.leagueName}
        </span>
      </div>
    </>
  )
})

function periodWords(score: NonNullable<MatchHeader['score']>): string {
  return score.home.periods.map((p, i) => `${p ?? '-'}:${score.away.periods[i] ?? '-'}`).join(' ')
}

/**
 * The headings over a section's rows, as tall as a row: market names over their cells, the
 * outcome keys (1 X 2, Over Under) and "Line" under them. `sport` names the section when grouped.
 */
export function GridHead({
  slots,
  template,
  sport,
  sticky = false,
}: {
  slots: readonly GridSlot[]
  template: string
  sport: string | null
  /** The one heading of an ungrouped grid, held at the top of the scroller. */
  sticky?: boolean
}) {
  // Each slot's first column: after the two match columns, then after the slots before it.
  const starts = slots.reduce<number[]>(
    (acc, slot, i) => [...acc, acc[i]! + slot.outcomes.length + (slot.hasLine ? 1 : 0)],
    [3],
  )
  return (
    <div
      className={sticky ? 'grid-head sticky' : 'grid-head'}

      data-testid="grid-head"
      style={{ gridTemplateColumns: template }}
    >
      <span className={sport ? 'grid-head-sport' : undefined} style={{ gridRow: '1 / 3' }}>
        {sport ?? 'Match'}
      </span>
      <span style={{ gridRow: '1 / 3' }}>Status · league</span>
      {slots.map((slot, i) => {
        const start = starts[i]!
        const width = starts[i + 1]! - start
        const name = slot.labels.join(' / ')
        return (
          <Fragment key={i}>
            <span
              className="grid-head-market"
              title={name}
              style={{ gridRow: 1, gridColumn: `${start} / span ${width}` }}
            >
              {name}
            </span>
            {slot.hasLine && (
              <span className="grid-head-key" style={{ gridRow: 2, gridColumn: start }}>
                Line
              </span>
            )}
            {slot.outcomes.map((o, j) => (
              <span
                key={o.key}
                className="grid-head-key"
                title={o.key}
                style={{ gridRow: 2, gridColumn: start + j + (slot.hasLine ? 1 : 0) }}
              >
                {o.label}
              </span>
            ))}
          </Fragment>
        )
      })}
    </div>
  )
}
