/**
 * What to replay: a watchlist (or the match of the chart it was opened from, alone) and a range — a
 * preset ("last 15 min"), a day and two clock times ("today 14:00–16:00"), or the range dragged on a
 * Review chart — and the starting speed. A range the words cannot name stays an error under the
 * fields; nothing starts until it is right.
 */
import { useMemo, useState, type FormEvent } from 'react'
import type { WatchedMatch, Watchlist } from '../../../../shared/watchlists'
import { REPLAY_MAX_MATCHES } from '../../../../shared/replay'
import { Modal } from '../../components/Modal'
import { closeReplayPicker, useUiStore, type ReplayPickerStart } from '../../store/ui-store'
import { activeWatchlist, useWatchlistStore } from '../../store/watchlist-store'
import { formatRange } from '../review/review-format'
import { REPLAY_SPEEDS, type ReplaySpeed } from './replay-clock'
import { openReplay } from './replay-player'
import { RANGE_DAYS, RANGE_PRESETS, rangeOf, type RangeDay, type RangeInput } from './replay-range'

type Range = { from: number; to: number }

export function ReplayPickerHost() {
  const start = useUiStore((s) => s.replayPicker)
  return start ? <ReplayPicker start={start} /> : null
}

function firstList(lists: readonly Watchlist[], start: ReplayPickerStart, active: Watchlist | undefined): string {
  const holder =
    start.matchId === null ? undefined : lists.find((l) => l.matches.some((m) => m.matchId === start.matchId))
  return (holder ?? active ?? lists[0])?.id ?? ''
}

/** A choice of what to replay: a watchlist, or one match alone. */
interface ReplaySet {
  id: string
  /** The banner's words for it. */
  name: string
  /** The picker's words for it. */
  option: string
  matches: WatchedMatch[]
}

/** Each watchlist, and the picker's own match (the one on a chart) alone. */
function replaySets(lists: readonly Watchlist[], matchId: number | null): ReplaySet[] {
  const sets = lists.map((l) => ({
    id: l.id,
    name: l.name,
    option: `${l.name} (${l.matches.length} ${l.matches.length === 1 ? 'match' : 'matches'})`,
    matches: l.matches,
  }))
  const match = lists.flatMap((l) => l.matches).find((m) => m.matchId === matchId)
  if (!match) return sets
  const name = `${match.home.name} v ${match.away.name}`
  return [...sets, { id: `match:${match.matchId}`, name, option: `Only ${name}`, matches: [match] }]
}

function ReplayPicker({ start }: { start: ReplayPickerStart }) {
  const state = useWatchlistStore((s) => s.state)
  const lists = useMemo(() => replaySets(state?.lists ?? [], start.matchId), [state, start.matchId])
  const [listId, setListId] = useState(() => firstList(state?.lists ?? [], start, activeWatchlist(state)))
  // A fixed range (a preset's or the chart's), or the day and clock times as typed.
  const [fixed, setFixed] = useState<Range | null>(() => start.range ?? presetRange(RANGE_PRESETS[0].ms))
  const [typed, setTyped] = useState<RangeInput>({ day: 'today', from: '', to: '' })
  const [speed, setSpeed] = useState<ReplaySpeed>(10)
  const [error, setError] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const list = lists.find((l) => l.id === listId)
    if (!list) return setError('Pick a watchlist to replay')
    if (list.matches.length === 0) return setError(`${list.name} has no matches to replay`)
    const range = fixed ? { ok: true as const, ...fixed } : rangeOf(typed, Date.now())
    if (!range.ok) return setError(range.error)
    closeReplayPicker()
    void openReplay({
      label: list.name,
      matches: list.matches.slice(0, REPLAY_MAX_MATCHES),
      from: range.from,
      to: range.to,
      speed,
    })
  }
  const type = (patch: Partial<RangeInput>) => {
    setFixed(null)
    setError(null)
    setTyped((t) => ({ ...t, ...patch }))
  }

  return (
    <Modal label="Replay a session" testId="replay-picker" className="replay-picker" onClose={closeReplayPicker}>
      <form onSubmit={submit} className="form-grid">
        <h2>Replay the desk</h2>
        <label>
          Watchlist
          <select value={listId} onChange={(e) => setListId(e.target.value)} data-testid="replay-list">
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.option}
              </option>
            ))}
          </select>
        </label>
        <div className="replay-presets" role="group" aria-label="Quick ranges">
          {RANGE_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              onClick={() => {
                setError(null)
                setFixed(presetRange(p.ms))
              }}
              data-testid={`replay-preset-${p.id}`}
            >
              {p.label}
            </button>
          ))}
        </div>
        <div className="replay-times">
          <label>
            Day
            <select
              value={typed.day}
              onChange={(e) => type({ day: e.target.value as RangeDay })}
              data-testid="replay-day"
            >
              {RANGE_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 'today' ? 'Today' : 'Yesterday'}
                </option>
              ))}
            </select>
          </label>
          <TimeField label="From" value={typed.from} onChange={(from) => type({ from })} testId="replay-from" />
          <TimeField label="To" value={typed.to} onChange={(to) => type({ to })} testId="replay-to" />
        </div>
        <div className="replay-range-line num" data-testid="replay-range">
          {fixed
            ? formatRange(fixed.from, fixed.to)
            : typed.from && typed.to
              ? `${typed.day} ${typed.from}–${typed.to}`
              : 'Pick a quick range or type the times'}
        </div>
        <div className="actions">
          <span className="muted">Speed</span>
          <div className="segmented" role="group" aria-label="Starting speed">
            {REPLAY_SPEEDS.map((s) => (
              <button
                key={s}
                type="button"
                className={s === speed ? 'on' : ''}
                onClick={() => setSpeed(s)}
                data-testid={`replay-start-speed-${s}`}
              >
                {s}×
              </button>
            ))}
          </div>
          <span className="spacer" />
          <button type="button" onClick={closeReplayPicker}>
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="replay-go">
            Replay
          </button>
        </div>
        {error && (
          <div className="field-error" role="alert" data-testid="replay-picker-error">
            {error}
          </div>
        )}
      </form>
    </Modal>
  )
}

function TimeField(props: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
  return (
    <label>
      {props.label}
      <input
        type="time"
        step={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </label>
  )
}

function presetRange(ms: number): Range {
  const to = Date.now()
  return { from: to - ms, to }
}
