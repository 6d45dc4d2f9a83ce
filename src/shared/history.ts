/** Review: recorded price history as the review screen asks for it. Times are epoch ms. */
import { z } from 'zod'
import { OverrideEvent, OverrideEventKey, PriceChange, RecordedOverrideEvent } from './domain'
import { MatchLabels } from './labels'

export const HistoryRange = z.strictObject({
  matchId: z.number().int(),
  from: z.number().optional(),
  to: z.number().optional(),
})

export const SeriesQuery = HistoryRange.extend({ maxPoints: z.number().int().min(10).max(20_000).default(1500) })

export const OutcomeSeries = z.object({
  oddType: z.string(),
  oddKey: z.string(),
  t: z.array(z.number()),
  price: z.array(z.number()),
  suspended: z.array(z.boolean()),
})
export type OutcomeSeries = z.infer<typeof OutcomeSeries>

export const HistorySeries = z.object({
  matchId: z.number().int(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  totalTicks: z.number().int(),
  outcomes: z.array(OutcomeSeries),
  overrides: z.array(OverrideEvent),
  /** The words for the match's markets and outcomes (shared/labels.ts). */
  labels: MatchLabels,
})
export type HistorySeries = z.infer<typeof HistorySeries>

export const TicksQuery = HistoryRange.extend({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
})

export const TickRow = z.object({
  oddType: z.string(),
  oddKey: z.string(),
  price: z.number(),
  suspended: z.boolean(),
  serverTs: z.number(),
  receivedTs: z.number(),
})
export type TickRow = z.infer<typeof TickRow>

export const TickPage = z.object({ rows: z.array(TickRow), total: z.number().int() })

/** Electron saves through a dialog; the browser host hands the text back for a download. */
export const ExportResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), path: z.string(), rows: z.number().int() }),
  z.object({ kind: z.literal('download'), fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  z.object({ kind: z.literal('canceled') }),
])
export type ExportResult = z.infer<typeof ExportResult>

/**
 * What the change tape and the override alerts held before a restart, read back from the cache on
 * start: the newest changes of the watched matches and the newest override events (with the
 * trader's acknowledgements), oldest first.
 */
export const RecentHistory = z.object({ tape: z.array(PriceChange), overrides: z.array(RecordedOverrideEvent) })
export type RecentHistory = z.infer<typeof RecentHistory>

/** How far back, and how much, of the tape a restart brings back. */
export const RECENT_TAPE_WINDOW_MS = 60 * 60 * 1000
export const RECENT_TAPE_LIMIT = 2000
/** The override alert list holds this many events; a restart brings back as many. */
export const OVERRIDE_ALERT_CAP = 500

/** Override alerts the trader acknowledged, kept in the cache so a reload or a restart shows them read. */
export const AcknowledgeOverridesInput = z.strictObject({
  events: z.array(OverrideEventKey.strict()).max(OVERRIDE_ALERT_CAP),
})
