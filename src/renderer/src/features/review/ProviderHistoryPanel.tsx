/**
 * The provider's history beside what this app recorded (issue 21.7): on request, the match's
 * record in the odds feed's `{sport}-history`, cut by main to the prices this app did not record
 * (it was closed, offline, or not watching), each row marked as the provider's. Nothing here is
 * mixed into the recorded ticks: the trader sees which is which.
 */
import { useState } from 'react'
import type { ProviderHistory } from '../../../../shared/public-feed'
import { formatPrice } from '../../../../shared/price-format'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { formatClockTime } from '../../lib/format'
import type { OutcomeNamer } from './series-align'

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; history: ProviderHistory }
  | { state: 'failed'; error: string }

export function ProviderHistoryPanel({ matchId, names }: { matchId: number; names: OutcomeNamer }) {
  const [load, setLoad] = useState<Load>({ state: 'idle' })
  const fetchHistory = () => {
    setLoad({ state: 'loading' })
    call('history:provider', { matchId }).then(
      (history) => setLoad({ state: 'done', history }),
      (error: unknown) => setLoad({ state: 'failed', error: describeError(error) }),
    )
  }
  return (
    <section className="panel review-panel provider-history" data-testid="provider-history">
      <header className="review-panel-head">
        <strong>Provider&apos;s history</strong>
        <span className="spacer" />
        <button
          type="button"
          onClick={fetchHistory}
          disabled={load.state === 'loading'}
          data-testid="provider-history-load"
        >
          Fill gaps from the provider&apos;s history
        </button>
      </header>
      {load.state === 'loading' && <div className="muted pad">Asking the provider…</div>}
      {load.state === 'failed' && <div className="inline-note">Provider&apos;s history: {load.error}</div>}
      {load.state === 'done' && <HistoryRows history={load.history} names={names} />}
    </section>
  )
}

function HistoryRows({ history, names }: { history: ProviderHistory; names: OutcomeNamer }) {
  if (!history.found) return <div className="muted pad">{history.note}</div>
  const score =
    history.homeScore !== null || history.awayScore !== null
      ? ` · final score ${history.homeScore ?? 0}–${history.awayScore ?? 0}`
      : ''
  return (
    <>
      <div className="muted pad" data-testid="provider-history-summary">
        {history.gaps.length} price{history.gaps.length === 1 ? '' : 's'} {history.note} this app did not record
        {history.covered > 0 ? ` (${history.covered} more fall within what it recorded)` : ''}
        {score}
      </div>
      {history.gaps.length > 0 && (
        <table className="tick-table">
          <colgroup>
            <col className="col-time" />
            <col />
            <col />
            <col className="col-price" />
            <col className="col-source" />
          </colgroup>
          <thead>
            <tr>
              <th>Time</th>
              <th>Market</th>
              <th>Outcome</th>
              <th>Price</th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {history.gaps.map((price) => (
              <tr key={`${price.oddType}|${price.oddKey}|${price.t}`} data-testid="provider-price">
                <td className="num">{price.t === null ? 'closing' : formatClockTime(price.t)}</td>
                <td>{names(price).market}</td>
                <td>{names(price).outcome}</td>
                <td className="num">{formatPrice(price.price)}</td>
                <td className="muted">from the provider&apos;s history</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
