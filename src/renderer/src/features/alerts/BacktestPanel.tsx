/**
 * "Try on recorded data" under the rule editor: the rule as edited, re-run by the core over a
 * recorded range (the live rule code, core/alerts/backtest.ts), its would-be alerts beside the
 * alerts the saved rule did raise there, each with its time and match.
 */
import type { BacktestFiring, BacktestResult } from '../../../../shared/alert-backtest'
import type { AlertEntry } from '../../../../shared/alerts'
import { formatClockTime } from '../../lib/format'
import { capWords, noticeWords, RANGE_PRESETS } from './backtest-range'
import { Choice } from './Choice'
import type { RuleForm } from './rule-form'
import { useBacktest } from './use-backtest'

export function BacktestPanel({ form }: { form: RuleForm }) {
  const { preset, setPreset, custom, setCustom, run, tryOn } = useBacktest()
  return (
    <div className="backtest" data-testid="backtest">
      <div className="editor-line backtest-controls">
        <span className="editor-label">Try on recorded data</span>
        <Choice value={preset} options={RANGE_PRESETS} onChange={setPreset} testId="backtest-range" />
        {preset === 'custom' && (
          <>
            <LocalTimeInput label="From" value={custom.from} onChange={(from) => setCustom({ ...custom, from })} />
            <LocalTimeInput label="To" value={custom.to} onChange={(to) => setCustom({ ...custom, to })} />
          </>
        )}
        <button type="button" onClick={() => void tryOn(form)} disabled={run.running} data-testid="backtest-run">
          {run.running ? 'Trying…' : run.result ? 'Try again' : 'Try'}
        </button>
      </div>
      {run.error && (
        <div className="field-error" role="alert" data-testid="backtest-error">
          {run.error}
        </div>
      )}
      {run.result && <BacktestResults result={run.result} edited={run.ranOn !== form} newRule={form.id === null} />}
    </div>
  )
}

/** One end of the custom range, a local date and time to the second. */
function LocalTimeInput(props: { label: 'From' | 'To'; value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="datetime-local"
      step={1}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={`backtest-${props.label.toLowerCase()}`}
    />
  )
}

function BacktestResults({ result, edited, newRule }: { result: BacktestResult; edited: boolean; newRule: boolean }) {
  const range = `${formatClockTime(result.from)}–${formatClockTime(result.to)}`
  return (
    <div className="backtest-results" data-testid="backtest-results">
      <div className="muted">
        {range}: {result.ticksRead.toLocaleString()} recorded ticks read
        {edited && <strong className="backtest-edited"> · the rule changed since: try again</strong>}
      </div>
      {result.capped && <div className="inline-note">{capWords(result.capped)}</div>}
      <div className="backtest-columns">
        <FiringColumn
          title="Would fire"
          testId="backtest-would"
          rows={result.wouldFire.map(wouldRow)}
          empty={result.ticksRead === 0 ? 'Nothing was recorded in this range.' : 'Nothing would have fired.'}
        />
        <FiringColumn
          title="Did fire"
          testId="backtest-did"
          rows={result.didFire.map(didRow)}
          more={result.didFireCapped}
          empty={newRule ? 'A new rule has raised no alerts yet.' : 'This rule raised no alerts in this range.'}
        />
      </div>
    </div>
  )
}

interface Row {
  key: string
  at: number
  matchId: number
  title: string
  body: string
  note: string | null
}

function wouldRow(f: BacktestFiring, i: number): Row {
  const held = f.held ? `+${f.held.count} held by the cooldown` : null
  const note = [noticeWords(f.notice), held].filter((w) => w !== null).join(' · ')
  return { key: String(i), at: f.at, matchId: f.matchId, title: f.title, body: f.body, note: note || null }
}

function didRow(e: AlertEntry): Row {
  const note = e.held ? `+${e.held.count} held by the cooldown` : null
  return { key: e.id, at: e.createdAt, matchId: e.matchId, title: e.title, body: e.body, note }
}

function FiringColumn(props: { title: string; testId: string; rows: Row[]; empty: string; more?: boolean }) {
  const { title, testId, rows, empty, more } = props
  return (
    <section className="backtest-column" aria-label={title} data-testid={testId}>
      <header className="backtest-column-head">
        {title}{' '}
        <span className="badge num" data-testid={`${testId}-count`}>
          {more ? `${rows.length}+` : rows.length}
        </span>
      </header>
      {rows.length === 0 && <div className="muted pad">{empty}</div>}
      <ol className="backtest-entries">
        {rows.map((row) => (
          <li key={row.key} className="backtest-entry" data-testid={`${testId}-entry`} data-match={row.matchId}>
            <span className="alert-time num muted">{formatClockTime(row.at)}</span>
            <span className="alert-title">{row.title}</span>
            <span className="alert-body muted">{row.body}</span>
            {row.note && <span className="backtest-note muted">{row.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  )
}
