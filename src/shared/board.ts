/**
 * The board patch: what main sends the renderer's store at most once per conflation interval.
 * Cells (one per outcome, keyed by outcomeId) carry the latest value only, however many ticks
 * arrived in the interval; the tape carries every change. Layout (group / market / outcome order
 * and labels) changes rarely, so it travels separately and whole per match when it does.
 */
import { z } from 'zod'
import { Direction, OverrideEvent, PriceChange } from './domain'

export const CellOverride = z.object({
  value: z.number(),
  expiresAt: z.number(),
  suspended: z.boolean(),
})
export type CellOverride = z.infer<typeof CellOverride>

export const BoardCell = z.object({
  outcomeId: z.string(),
  matchId: z.number().int(),
  oddType: z.string(),
  oddKey: z.string(),
  /** The served price: while an override is in force the feed serves its value (see `override`). */
  price: z.number(),
  /** Outcome or its market suspended. */
  suspended: z.boolean(),
  /** Of the last change; `flat` until the outcome has moved. */
  direction: Direction,
  delta: z.number(),
  deltaPct: z.number(),
  /** Epoch ms of the last price/suspension change (receive time). */
  changedAt: z.number(),
  override: CellOverride.nullable(),
  /** The price is the first after a gap (domain.ts `PriceChange.resync`): no move is known, so no flash. */
  resync: z.literal(true).optional(),
})
export type BoardCell = z.infer<typeof BoardCell>

const LayoutOutcome = z.object({ outcomeId: z.string(), key: z.string(), label: z.string() })
type LayoutOutcome = z.infer<typeof LayoutOutcome>

export const LayoutMarket = z.object({
  name: z.string(),
  label: z.string(),
  line: z.number().nullable(),
  suspended: z.boolean(),
  outcomes: z.array(LayoutOutcome),
})
export type LayoutMarket = z.infer<typeof LayoutMarket>

/** Groups and markets in the bookmaker's display order. */
export const LayoutGroup = z.object({ oddType: z.string(), markets: z.array(LayoutMarket) })
export type LayoutGroup = z.infer<typeof LayoutGroup>

export const MatchLayout = z.object({ matchId: z.number().int(), groups: z.array(LayoutGroup) })
export type MatchLayout = z.infer<typeof MatchLayout>

const TeamScore = z.object({
  /** Games (or sets) won: the data service's `score`/`display`. */
  current: z.number().nullable(),
  /** Points per period, index 0 = period 1. */
  periods: z.array(z.number().nullable()),
})
type TeamScore = z.infer<typeof TeamScore>

/** The data service sends the clock about once a minute; `at` lets the UI run it in between. */
const MatchClock = z.object({
  elapsedSeconds: z.number().nullable(),
  period: z.string().nullable(),
  /** Receive time of the clock reading (epoch ms). */
  at: z.number(),
})
type MatchClock = z.infer<typeof MatchClock>

export const MatchIncident = z.object({
  type: z.string(),
  isHome: z.boolean().nullable(),
  /** Match minute. */
  minute: z.number().nullable(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
})
export type MatchIncident = z.infer<typeof MatchIncident>

export const MatchHeader = z.object({
  matchId: z.number().int(),
  sport: z.string(),
  /** Data-service status type (`live`, `finished`, …) or the odds feed's match status; null until known. */
  status: z.string().nullable(),
  statusReason: z.string().nullable(),
  score: z.object({ home: TeamScore, away: TeamScore }).nullable(),
  clock: MatchClock.nullable(),
  lastIncident: MatchIncident.nullable(),
  /** False while the odds snapshot is being (re)fetched: the board may be behind the server. */
  synced: z.boolean(),
})
export type MatchHeader = z.infer<typeof MatchHeader>

/** A match's header before anything is known about it: nothing live yet, prices not synced. */
export function blankHeader(matchId: number, sport: string): MatchHeader {
  return {
    matchId,
    sport,
    status: null,
    statusReason: null,
    score: null,
    clock: null,
    lastIncident: null,
    synced: false,
  }
}

/** Only the fields that changed; `matchId` always present. */
export const MatchHeaderPatch = MatchHeader.partial().required({ matchId: true })
export type MatchHeaderPatch = z.infer<typeof MatchHeaderPatch>

/** The whole board of one match: sent when a match is newly watched (or rebuilt after a resync). */
export const MatchBoard = z.object({
  header: MatchHeader,
  layout: MatchLayout,
  cells: z.array(BoardCell),
})
export type MatchBoard = z.infer<typeof MatchBoard>

/** The bookmaker's own check of a match's book (the odds feed's verify route): margin per market. */
export const BookCheck = z.object({
  matchId: z.number().int(),
  ok: z.boolean(),
  /** `oddType|market name` → margin (0.05 = 5 %). */
  margins: z.record(z.string(), z.number()),
  problems: z.array(z.string()),
})
export type BookCheck = z.infer<typeof BookCheck>

export function bookMarketKey(oddType: string, marketName: string): string {
  return `${oddType}|${marketName}`
}

export const BoardPatch = z.object({
  /** Patch counter per engine, so a store can tell a lost patch. */
  seq: z.number().int(),
  at: z.number(),
  /** Full boards; apply first (they replace whatever the store had for that match). */
  snapshots: z.array(MatchBoard),
  /** Replaced layouts of matches whose markets changed shape or suspension. */
  layouts: z.array(MatchLayout),
  cells: z.array(BoardCell),
  headers: z.array(MatchHeaderPatch),
  /** Every change in arrival order (capped per patch, see `tapeDropped`). */
  tape: z.array(PriceChange),
  /** Changes left out of `tape` by the cap (a flood is summarised, not shipped). */
  tapeDropped: z.number().int(),
  overrides: z.array(OverrideEvent),
  removed: z.array(z.number().int()),
})
export type BoardPatch = z.infer<typeof BoardPatch>

/** A patch that changes nothing yet: fill in what it carries. */
export function emptyBoardPatch(seq: number, at: number): BoardPatch {
  return {
    seq,
    at,
    snapshots: [],
    layouts: [],
    cells: [],
    headers: [],
    tape: [],
    tapeDropped: 0,
    overrides: [],
    removed: [],
  }
}
