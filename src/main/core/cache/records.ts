/**
 * The small tables: override events, alerts, matches and reference data. Written straight away in
 * one transaction per call — they arrive a few a second at most, unlike ticks.
 */
import type Database from 'better-sqlite3'
import type { OverrideEvent, OverrideEventKey, RecordedOverrideEvent } from '../../../shared/domain'
import { CacheInputError } from './errors'

/** What the cache needs of an alert; the rest of the alert is kept verbatim as JSON. */
export interface StorableAlert {
  id: string
  ruleId: string
  matchId?: number | null
  createdAt: number
  [key: string]: unknown
}

/** A match as the data service sent it; kept whole as JSON. */
export interface MatchRecord {
  id: number
  [key: string]: unknown
}

export interface StoredRecord<T> {
  record: T
  updatedAt: number
}

export interface CachedReference<T = unknown> {
  records: T[]
  fetchedAt: number
}

const EVENT_COLUMNS = `match_id AS matchId, odd_type AS oddType, odd_key AS oddKey, action, odd_value AS oddValue,
  previous_value AS previousValue, suspended, duration_seconds AS durationSeconds, set_at AS setAt,
  expires_at AS expiresAt, server_ts AS serverTs, received_ts AS receivedTs, own,
  (SELECT name FROM feed WHERE feed.id = feed_id) AS feed`

type EventRow = Omit<OverrideEvent, 'suspended' | 'own'> & { suspended: number; own: number }

function eventOfRow({ suspended, own, ...row }: EventRow): OverrideEvent {
  return { ...row, suspended: suspended === 1, own: own === 1 }
}

function toJson(value: unknown, what: string): string {
  try {
    const text = JSON.stringify(value)
    if (typeof text === 'string') return text
  } catch {
    // falls through to the typed error below (cycles, BigInt)
  }
  throw new CacheInputError(`${what} cannot be stored as JSON`)
}

function requireTime(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new CacheInputError(`${what} must be epoch milliseconds`)
  return Math.round(value)
}

export class RecordStore {
  private readonly insertEvent: Database.Statement
  private readonly selectEvents: Database.Statement
  private readonly selectEventsOfMatches: Database.Statement
  private readonly selectAlertsOfMatches: Database.Statement
  private readonly upsertAlert: Database.Statement
  private readonly selectAlerts: Database.Statement
  private readonly selectRecentAlerts: Database.Statement
  private readonly selectRecentEvents: Database.Statement
  private readonly acknowledgeEvent: Database.Statement
  private readonly upsertMatch: Database.Statement
  private readonly selectMatch: Database.Statement
  private readonly upsertReference: Database.Statement
  private readonly selectReference: Database.Statement

  constructor(private readonly db: Database.Database) {
    this.insertEvent =
      db.prepare(`INSERT INTO override_event (feed_id, match_id, odd_type, odd_key, action, odd_value, previous_value, suspended,
      duration_seconds, set_at, expires_at, server_ts, received_ts, own) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.selectEvents = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM override_event WHERE feed_id = ? AND match_id = ? AND received_ts >= ? AND received_ts <= ? ORDER BY received_ts, id`,
    )
    this.selectEventsOfMatches = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM override_event WHERE feed_id = ? AND match_id IN (SELECT value FROM json_each(?))
       AND received_ts > ? AND received_ts <= ? ORDER BY received_ts, id`,
    )
    this.selectAlertsOfMatches = db
      .prepare(
        `SELECT created_at, payload FROM alert WHERE feed_id = ? AND match_id IN (SELECT value FROM json_each(?))
         AND created_at > ? AND created_at <= ? ORDER BY created_at, id`,
      )
      .raw()
    this.selectRecentEvents = db.prepare(
      `SELECT ${EVENT_COLUMNS}, acknowledged FROM override_event WHERE feed_id = ? ORDER BY received_ts DESC, id DESC LIMIT ?`,
    )
    this.acknowledgeEvent = db.prepare(`UPDATE override_event SET acknowledged = 1 WHERE feed_id = ? AND match_id = ?
      AND odd_type = ? AND odd_key = ? AND action = ? AND received_ts = ?`)
    this.upsertAlert =
      db.prepare(`INSERT INTO alert (feed_id, id, rule_id, match_id, created_at, payload) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET rule_id = excluded.rule_id, match_id = excluded.match_id, created_at = excluded.created_at, payload = excluded.payload`)
    this.selectAlerts = db
      .prepare(
        `SELECT payload FROM alert WHERE feed_id = ? AND created_at >= ? AND created_at <= ? AND (? IS NULL OR rule_id = ?)
        ORDER BY created_at, id LIMIT ?`,
      )
      .pluck()
    this.selectRecentAlerts = db
      .prepare('SELECT payload FROM alert WHERE feed_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
      .pluck()
    this.upsertMatch = db.prepare(`INSERT INTO match (feed, sport, id, updated_at, record) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (feed, sport, id) DO UPDATE SET updated_at = excluded.updated_at, record = excluded.record`)
    this.selectMatch = db.prepare(
      'SELECT record, updated_at AS updatedAt FROM match WHERE feed = ? AND sport = ? AND id = ?',
    )
    this.upsertReference = db.prepare(`INSERT INTO reference (feed, sport, route, params_key, fetched_at, records)
      VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (feed, sport, route, params_key)
      DO UPDATE SET fetched_at = excluded.fetched_at, records = excluded.records`)
    this.selectReference = db.prepare(
      'SELECT records, fetched_at AS fetchedAt FROM reference WHERE feed = ? AND sport = ? AND route = ? AND params_key = ?',
    )
  }

  recordOverrideEvents(feedId: number, events: readonly OverrideEvent[]): void {
    const rows = events.map((e, i) => {
      if (!Number.isSafeInteger(e.matchId) || !Number.isFinite(e.oddValue))
        throw new CacheInputError(`override event ${i}: matchId and oddValue must be numbers`)
      return [
        feedId,
        e.matchId,
        e.oddType,
        e.oddKey,
        e.action,
        e.oddValue,
        e.previousValue,
        e.suspended ? 1 : 0,
        e.durationSeconds,
        requireTime(e.setAt, `override event ${i} setAt`),
        requireTime(e.expiresAt, `override event ${i} expiresAt`),
        requireTime(e.serverTs, `override event ${i} serverTs`),
        requireTime(e.receivedTs, `override event ${i} receivedTs`),
        e.own ? 1 : 0,
      ]
    })
    this.db.transaction(() => rows.forEach((row) => this.insertEvent.run(row)))()
  }

  overrideEvents(feedId: number, matchId: number, from: number, to: number): OverrideEvent[] {
    return (this.selectEvents.all(feedId, matchId, from, to) as EventRow[]).map(eventOfRow)
  }

  /** The override events of these matches received in (after, to], in receive order (the desk replay). */
  overrideEventsOfMatches(feedId: number, matchIds: readonly number[], after: number, to: number): OverrideEvent[] {
    const rows = this.selectEventsOfMatches.all(feedId, JSON.stringify(matchIds), after, to) as EventRow[]
    return rows.map(eventOfRow)
  }

  /** The alerts of these matches created in (after, to], oldest first, each with its stored time. */
  alertsOfMatches(
    feedId: number,
    matchIds: readonly number[],
    after: number,
    to: number,
  ): Array<{ at: number; alert: StorableAlert }> {
    const rows = this.selectAlertsOfMatches.all(feedId, JSON.stringify(matchIds), after, to) as Array<[number, string]>
    return rows.map(([at, json]) => ({ at, alert: JSON.parse(json) as StorableAlert }))
  }

  recentOverrideEvents(feedId: number, limit: number): RecordedOverrideEvent[] {
    const rows = this.selectRecentEvents.all(feedId, limit) as Array<EventRow & { acknowledged: number }>
    return rows.reverse().map(({ acknowledged, ...row }) => ({ ...eventOfRow(row), acknowledged: acknowledged === 1 }))
  }

  /** Marks the events the trader acknowledged; a key that names no recorded event is passed over. */
  acknowledgeOverrideEvents(feedId: number, keys: readonly OverrideEventKey[]): void {
    this.db.transaction(() => {
      for (const k of keys) this.acknowledgeEvent.run(feedId, k.matchId, k.oddType, k.oddKey, k.action, k.receivedTs)
    })()
  }

  recordAlerts(feedId: number, alerts: readonly StorableAlert[]): void {
    const rows = alerts.map((a, i) => {
      if (typeof a.id !== 'string' || typeof a.ruleId !== 'string')
        throw new CacheInputError(`alert ${i}: id and ruleId must be strings`)
      return [
        feedId,
        a.id,
        a.ruleId,
        a.matchId ?? null,
        requireTime(a.createdAt, `alert ${i} createdAt`),
        toJson(a, `alert ${i}`),
      ]
    })
    this.db.transaction(() => rows.forEach((row) => this.upsertAlert.run(row)))()
  }

  /** Those of one rule when `ruleId` is given. */
  alerts(feedId: number, from: number, to: number, limit: number, ruleId: string | null): StorableAlert[] {
    return (this.selectAlerts.all(feedId, from, to, ruleId, ruleId, limit) as string[]).map(
      (json) => JSON.parse(json) as StorableAlert,
    )
  }

  recentAlerts(feedId: number, limit: number): StorableAlert[] {
    return (this.selectRecentAlerts.all(feedId, limit) as string[]).map((json) => JSON.parse(json) as StorableAlert)
  }

  upsertMatches(feed: string, sport: string, matches: readonly MatchRecord[], now: number): void {
    const rows = matches.map((m, i) => {
      if (!Number.isSafeInteger(m.id)) throw new CacheInputError(`match ${i}: id must be an integer`)
      return [feed, sport, m.id, now, toJson(m, `match ${m.id}`)]
    })
    this.db.transaction(() => rows.forEach((row) => this.upsertMatch.run(row)))()
  }

  getMatches<T>(feed: string, sport: string, ids: readonly number[]): Map<number, StoredRecord<T>> {
    const found = new Map<number, StoredRecord<T>>()
    for (const id of ids) {
      const row = this.selectMatch.get(feed, sport, id) as { record: string; updatedAt: number } | undefined
      if (row) found.set(id, { record: JSON.parse(row.record) as T, updatedAt: row.updatedAt })
    }
    return found
  }

  putReference(
    feed: string,
    sport: string,
    route: string,
    paramsKey: string,
    records: readonly unknown[],
    fetchedAt: number,
  ): void {
    this.upsertReference.run(
      feed,
      sport,
      route,
      paramsKey,
      requireTime(fetchedAt, 'fetchedAt'),
      toJson(records, `reference ${route}`),
    )
  }

  getReference<T>(feed: string, sport: string, route: string, paramsKey: string): CachedReference<T> | null {
    const row = this.selectReference.get(feed, sport, route, paramsKey) as
      { records: string; fetchedAt: number } | undefined
    return row ? { records: JSON.parse(row.records) as T[], fetchedAt: row.fetchedAt } : null
  }
}
