/**
 * The desk replay's one player: opens a session on a set of matches and a range, runs the clock
 * from animation frames and folds the recorded events it passes into the board store in one update
 * (replay-batch.ts), as live patches are: at 1× every frame, at 10× and 60× once a step (100 ms of
 * wall time), when the clock passes a step boundary (replay-clock.ts `shownAt`). Seeking reads the board at the instant from the cache
 * (`replay:stateAt`) and the tape and alerts of the few minutes before it; stepping plays exactly
 * the next recorded event. Plain code outside React: the banner and timeline only read the
 * session from the replay store and call these functions.
 */
import type { WatchedMatch } from '../../../../shared/watchlists'
import { conflationStepMs, type ReplayEvent } from '../../../../shared/replay'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { COUNTING_LABELS, holdLabelTimer, refreshLiveLabels, setLiveNow } from '../../lib/live-time'
import { boardFromSnapshots } from '../../store/board-data'
import { applyReplayBatch, showReplayBoards, useBoardStore } from '../../store/board-store'
import { reloadBoard } from '../../store/live-sync'
import { clearReplayed, isFastPlay, updateSession, useReplayStore, type ReplaySession } from '../../store/replay-store'
import { closeOverrideEditor, showView } from '../../store/ui-store'
import { foldEvents, type ReplayBatch } from './replay-batch'
import { EventStream, shownAt, stepClock, TAPE_ROWS_PER_STEP, type ReplaySpeed } from './replay-clock'
import { adjacentMark } from './replay-marks'

/**
 * After a seek the tape and alert lists hold what was recorded this long before the playhead: the
 * board itself is exact at any instant, but rebuilding hours of tape on every seek would not be.
 */
export const SEEK_LIST_WINDOW_MS = 5 * 60_000

export interface ReplayRequest {
  label: string
  matches: WatchedMatch[]
  from: number
  to: number
  speed: ReplaySpeed
}

/**
 * Events a fast replay's page holds at most: about a step of a 50-match desk (1,500 outcomes). The
 * page's parse is a task of its own on the main thread; a few steps' worth at once (REPLAY_EVENTS_PAGE)
 * was a frame missed.
 */
const STEP_PAGE = 2000

/** A fast replay reads this many steps (a second of play) ahead of the board. */
const STEPS_AHEAD = 10

/** The running session's frame loop and event supply; a new generation cancels the old one's work. */
let generation = 0
let stream: EventStream | null = null
/** The `stepMs` the stream reads with: the speed's while playing, 0 (every event) for stepping. */
let streamStep = 0
let frameId = 0
let lastWall = 0
/**
 * Where the wall clock has run the recording to while playing. The session's clock is the instant
 * on the board, which trails this by less than a step at fast speeds.
 */
let playhead = 0
/** Stops the labels following the replayed clock (followClock). */
let unfollowClock: (() => void) | null = null

/**
 * Ages, countdowns and match clocks read the replayed clock (setLiveNow); their own timer rewrites
 * them once a wall second, which at 10× or 60× would leave a countdown 10 s or a minute behind the
 * board, still running on a price whose override the alert list already calls expired. So while a
 * replay plays fast its countdowns and match clocks are rewritten at every step. Ages are not: each
 * would change at every step, which dropped 11 % of 60× frames against 2 % (bench replay); the board
 * hides them while playing fast (App's `data-fast-play`) and shows them afresh when it stops or at 1×.
 */
function followClock(): void {
  setLiveNow(() => session()?.clock.position ?? Date.now())
  unfollowClock ??= useReplayStore.subscribe(({ session: now }, { session: before }) => {
    if (!now || now.clock === before?.clock) return
    const moved = now.clock.position !== before?.clock.position
    const fast = isFastPlay(now)
    // The hidden ages need no rewrite each second meanwhile; at 1× the timer keeps up, as it does live.
    holdLabelTimer(fast)
    if (fast) {
      if (moved) refreshLiveLabels(document, COUNTING_LABELS)
    } else if (isFastPlay(before ?? null) || (moved && !now.clock.playing)) refreshLiveLabels()
  })
}

function unfollow(): void {
  unfollowClock?.()
  unfollowClock = null
  holdLabelTimer(false)
  setLiveNow(null)
}

const session = (): ReplaySession | null => useReplayStore.getState().session
const matchIdsOf = (s: ReplaySession) => s.matches.map((m) => m.matchId)
const fetchEvents = (matchIds: number[], stepMs: number) => (after: number, to: number) =>
  call('replay:events', { matchIds, after, to, ...(stepMs > 0 && { stepMs, limit: STEP_PAGE }) })

/** Reads the range on from `after` with `stepMs`; what the old stream had buffered is read again. */
function streamFrom(matchIds: number[], after: number, to: number, stepMs: number): void {
  streamStep = stepMs
  stream = new EventStream(fetchEvents(matchIds, stepMs), after, to, { ms: stepMs * STEPS_AHEAD })
}

/** The stream from the playhead on, read with `stepMs` if it is not already. */
function restream(s: ReplaySession, stepMs: number): void {
  if (stream && streamStep !== stepMs) streamFrom(matchIdsOf(s), s.clock.position, s.to, stepMs)
}

/** Shows the board as it was at `request.from` and plays the range from there. */
export async function openReplay(request: ReplayRequest): Promise<void> {
  const current = ++generation
  stopFrames()
  const { label, matches, from, to, speed } = request
  useReplayStore.setState({
    session: {
      label,
      matches,
      from,
      to,
      marks: [],
      unrecorded: [],
      clock: { position: from, end: to, speed, playing: false },
      loading: true,
      error: null,
    },
  })
  followClock()
  // Nothing live stays on the board under the replay banner while the recording is read.
  showReplayBoards([])
  clearReplayed()
  // An override editor opened on a live price must not stay up over replayed ones.
  closeOverrideEditor()
  showView('board')
  try {
    const opened = await call('replay:open', { matchIds: matches.map((m) => m.matchId), from, to })
    if (current !== generation) return
    showReplayBoards(opened.boards)
    streamFrom(
      matches.map((m) => m.matchId),
      opened.from,
      opened.to,
      conflationStepMs(speed),
    )
    const clock = { position: opened.from, end: opened.to, speed, playing: true }
    const { marks, unrecorded } = opened
    updateSession({ from: opened.from, to: opened.to, marks, unrecorded, clock, loading: false })
    startFrames()
  } catch (error) {
    if (current === generation) updateSession({ loading: false, error: describeError(error) })
  }
}

/** Back to live: the live board is read afresh; the live tape and alerts kept filling meanwhile. */
export function leaveReplay(): void {
  generation++
  stopFrames()
  stream = null
  useReplayStore.setState({ session: null })
  clearReplayed()
  unfollow()
  void reloadBoard()
}

export function togglePlay(): void {
  const s = session()
  if (!s || s.loading) return
  if (s.clock.playing) {
    stopFrames()
    updateSession({ clock: { ...s.clock, playing: false } })
  } else if (s.clock.position >= s.clock.end) void seek(s.from, true)
  else {
    restream(s, conflationStepMs(s.clock.speed))
    updateSession({ clock: { ...s.clock, playing: true } })
    startFrames()
  }
}

export function setSpeed(speed: ReplaySpeed): void {
  const s = session()
  if (!s) return
  if (s.clock.playing) restream(s, conflationStepMs(speed))
  updateSession({ clock: { ...s.clock, speed } })
}

/** Pauses and plays exactly the next recorded event (or the events sharing its instant). */
export async function stepEvent(): Promise<void> {
  const s = session()
  if (!s || s.loading || !stream) return
  const current = generation
  stopFrames()
  updateSession({ clock: { ...s.clock, playing: false } })
  restream(s, 0)
  const source = stream
  try {
    const at = await source.nextAt()
    if (current !== generation || at === null || at > s.to) return
    applyEvents(source, at)
    const latest = session()
    if (latest) updateSession({ clock: { ...latest.clock, position: at } })
  } catch (error) {
    if (current === generation) updateSession({ error: describeError(error) })
  }
}

/** Jumps to the next (1) or previous (-1) override or alert on the timeline. */
export function jumpToMark(direction: 1 | -1): void {
  const s = session()
  const mark = s && adjacentMark(s.marks, s.clock.position, direction)
  if (mark) void seek(mark.at)
}

/**
 * Shows the desk at `at` (clamped to the range) and goes on playing if it was. The board shows as
 * soon as the cache has answered the instant; the lists of the minutes before (listsBefore) fill
 * in after it, and the play goes on once they have (the tape ring only appends).
 */
export async function seek(at: number, play?: boolean): Promise<void> {
  const s = session()
  if (!s) return
  const current = ++generation
  stopFrames()
  const target = Math.min(s.to, Math.max(s.from, Math.round(at)))
  const playing = (play ?? s.clock.playing) && target < s.to
  const matchIds = matchIdsOf(s)
  updateSession({ loading: true, error: null, clock: { ...s.clock, position: target, playing: false } })
  try {
    const boards = await call('replay:stateAt', { matchIds, at: target })
    if (current !== generation) return
    showReplayBoards(boards)
    clearReplayed()
    streamFrom(matchIds, target, s.to, conflationStepMs(s.clock.speed))
    updateSession({ loading: false })
    const batch = await listsBefore(matchIds, Math.max(s.from, target - SEEK_LIST_WINDOW_MS), target)
    if (current !== generation) return
    applyReplayBatch(batch)
    const latest = session()
    // The trader may have played or stepped on meanwhile: then that stands.
    if (!playing || !latest || latest.clock.playing || latest.clock.position !== target) return
    updateSession({ clock: { ...latest.clock, playing: true } })
    startFrames()
  } catch (error) {
    if (current === generation) updateSession({ loading: false, error: describeError(error) })
  }
}

/**
 * The override alerts and price alerts of (from, to], with the changes of the overridden prices
 * (the alerts' returned-to prices; the tape shows them), folded on the board as it stood at `from`
 * so every move has its previous price. Not every price of those minutes: on a 50-match desk that
 * is 600,000 changes, for a tape the play refills anyway.
 */
async function listsBefore(matchIds: number[], from: number, to: number): Promise<ReplayBatch> {
  const [before, events] = await Promise.all([
    call('replay:stateAt', { matchIds, at: from }),
    readOverridden(matchIds, from, to),
  ])
  return { ...foldEvents(boardFromSnapshots(before).cells, events), cells: [], headers: [] }
}

/** Every header, override and alert of (after, to], and the ticks of the outcomes overridden in it. */
async function readOverridden(matchIds: number[], after: number, to: number): Promise<ReplayEvent[]> {
  const events: ReplayEvent[] = []
  for (let from = after; ;) {
    const page = await call('replay:events', { matchIds, after: from, to, ticks: 'overridden' })
    events.push(...page.events)
    if (!page.more || page.until <= from) return events
    from = page.until
  }
}

/**
 * Applies what `source` holds up to `until` in one batch, with the ticks its pages left out. A fast
 * step's tape shows its newest changes only: the others count as not shown, as folded ticks do.
 */
function applyEvents(source: EventStream, until: number): void {
  const events = source.take(until)
  const folded = source.takeFolded(until)
  const tapeRows = streamStep > 0 ? TAPE_ROWS_PER_STEP : Infinity
  const batch = foldEvents(useBoardStore.getState().cells, events, until)
  if (events.length > 0 || folded > 0 || batch.cells.length > 0) applyReplayBatch(batch, folded, tapeRows)
}

function startFrames(): void {
  cancelAnimationFrame(frameId)
  lastWall = performance.now()
  playhead = session()?.clock.position ?? 0
  frameId = requestAnimationFrame(frame)
}

function stopFrames(): void {
  cancelAnimationFrame(frameId)
}

/** One animation frame: the clock moves on, and the board shows the instant it reached (shownAt). */
function frame(wallNow: number): void {
  const s = session()
  const source = stream
  if (!s || !source || !s.clock.playing) return
  const current = generation
  source.fill().catch((error: unknown) => {
    if (current !== generation) return
    stopFrames()
    const latest = session()
    if (latest) updateSession({ error: describeError(error), clock: { ...latest.clock, playing: false } })
  })
  const run = stepClock({ ...s.clock, position: playhead }, wallNow - lastWall, source.bufferedUntil())
  lastWall = wallNow
  playhead = run.position
  const position = shownAt(run.position, run.end, streamStep, s.clock.position)
  // Between step boundaries nothing changes on the page: no store is touched.
  if (position !== s.clock.position || !run.playing) {
    applyEvents(source, position)
    updateSession({ clock: { ...run, position } })
  }
  if (run.playing) frameId = requestAnimationFrame(frame)
}
