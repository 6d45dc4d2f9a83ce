/**
 * Desk replay: a set of recorded matches over a time range, played back on the real board.
 *
 * The core answers from the cache only (it never touches the live feed, which keeps recording):
 * - `replay:open` names the range's matches, their layouts, and the marks a trader jumps between
 *   (overrides, alerts), so the page can draw the timeline before it reads a tick;
 * - `replay:stateAt` is the board at one instant: per outcome the last tick at or before `at`
 *   (an index seek per outcome, never a scan), with each match's header as last recorded;
 * - `replay:events` is everything recorded in `(after, to]`, in time order, one page at a time.
 * The page runs the clock (1×, 10×, 60×, step) and turns events into board patches for its store.
 * Times are epoch ms of the recording (receive time, as the cache keys ticks).
 *
 * Headers (score, status, clock, incident) are recorded since cache schema 8: a range recorded
 * before that has none, and its boards carry a blank header (status, score and clock null) with
 * `synced: true`. Every board's layout holds every outcome the cache has of the match (so a tick
 * later in the range always finds its place); its cells are the outcomes priced at the instant.
 */
import { z } from 'zod'
import { AlertEntry } from './alerts'
import { MatchBoard, MatchHeaderPatch } from './board'
import { OverrideEvent } from './domain'

/** A replay covers at most this many matches (a watchlist, or a picked set). */
export const REPLAY_MAX_MATCHES = 200
/** Events per `replay:events` page: about a second of a busy 50-match desk at 60×. */
export const REPLAY_EVENTS_PAGE = 5000

/** The coarsest step a fast replay may ask for: a step of the fastest speed, with room to spare. */
export const REPLAY_MAX_STEP_MS = 10_000

/**
 * How often a fast replay redraws the board, in wall ms. No trader reads a board that moves 60
 * times a second at 60×: what fast play must show is the board at the playhead, kept current at a
 * steady, modest rate (10 a second), with every override, alert and score at its moment.
 */
const STEP_WALL_MS = 100

/**
 * The `stepMs` a replay at `speed` asks for and the instants its board is shown at (the page's
 * replay-clock.ts): `speed` × 100 ms of recording, so each redraw gets each outcome's last tick of
 * the step and no tick the board would fold away. 1× plays every event.
 */
export function conflationStepMs(speed: number): number {
  return speed > 1 ? speed * STEP_WALL_MS : 0
}

const MatchIds = z.array(z.number().int()).min(1).max(REPLAY_MAX_MATCHES)

export const ReplayOpenInput = z.strictObject({
  matchIds: MatchIds,
  from: z.number(),
  to: z.number(),
})
export type ReplayOpenInput = z.infer<typeof ReplayOpenInput>

/** A moment worth jumping to on the timeline. */
export const ReplayMark = z.object({
  at: z.number(),
  kind: z.enum(['override', 'alert']),
  matchId: z.number().int(),
  /** What happened, in words (`Set 1.85 on Home`, the alert's title). */
  label: z.string(),
})
export type ReplayMark = z.infer<typeof ReplayMark>

export const ReplayOpened = z.object({
  /** Where the replay starts: the asked start, or the first recorded instant when nothing was recorded by then. */
  from: z.number(),
  to: z.number(),
  /** The board at `from` (as `replay:stateAt` would answer), in the order the matches were asked. */
  boards: z.array(MatchBoard),
  /** Every override event and alert in the range, time-ordered. */
  marks: z.array(ReplayMark),
  /** Ticks recorded in the range over all the matches: what a full play reads. */
  totalTicks: z.number().int(),
  /** Matches asked for of which the cache holds nothing (current feed): their boards are empty. */
  unrecorded: z.array(z.number().int()),
})
export type ReplayOpened = z.infer<typeof ReplayOpened>

export const ReplayStateAtInput = z.strictObject({ matchIds: MatchIds, at: z.number() })
export type ReplayStateAtInput = z.infer<typeof ReplayStateAtInput>

export const ReplayEventsInput = z.strictObject({
  matchIds: MatchIds,
  /** Exclusive: the page starts after this instant. */
  after: z.number(),
  /** Inclusive. */
  to: z.number(),
  limit: z.number().int().min(1).max(REPLAY_EVENTS_PAGE).default(REPLAY_EVENTS_PAGE),
  /**
   * Fast play: per step window of this many ms only each outcome's last tick comes (as the live
   * board conflates), plus every header, override and alert, a resync tick and the tick an
   * override lands on. The board at every step boundary is the same as without it; a cell's move
   * is the net move over the step. Omitted or 0: every event (1×, stepping).
   */
  stepMs: z.number().int().min(0).max(REPLAY_MAX_STEP_MS).optional(),
  /**
   * `overridden`: only the ticks of outcomes with an override event in (after, to], with every
   * header, override and alert: what a seek's lists need (the override alerts and their returned-to
   * prices, the price alerts) without every price of the minutes before. Omitted: every tick.
   */
  ticks: z.enum(['all', 'overridden']).optional(),
})
export type ReplayEventsInput = z.infer<typeof ReplayEventsInput>

/** One recorded happening. `at` is its receive time. */
export const ReplayEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tick'),
    at: z.number(),
    matchId: z.number().int(),
    oddType: z.string(),
    oddKey: z.string(),
    price: z.number(),
    suspended: z.boolean(),
    serverTs: z.number(),
    /** The first price after a gap: no move (domain.ts `PriceChange.resync`). */
    resync: z.literal(true).optional(),
  }),
  /** Score, status, clock or incident as the board's header changed. */
  z.object({ kind: z.literal('header'), at: z.number(), header: MatchHeaderPatch }),
  z.object({ kind: z.literal('override'), at: z.number(), event: OverrideEvent }),
  z.object({ kind: z.literal('alert'), at: z.number(), alert: AlertEntry }),
])
export type ReplayEvent = z.infer<typeof ReplayEvent>

export const ReplayEventPage = z.object({
  events: z.array(ReplayEvent),
  /**
   * Every event up to this instant is in this page or an earlier one: the next page asks
   * `after: until`. Equal to `to` once the range is read.
   */
  until: z.number(),
  more: z.boolean(),
  /** Ticks this page left out as superseded within a step (`stepMs`): changes the tape does not show. */
  folded: z.number().int().min(0).optional(),
})
export type ReplayEventPage = z.infer<typeof ReplayEventPage>
