/**
 * The schema as an ordered list of migrations; `PRAGMA user_version` is the number applied.
 * Never edit a shipped migration: append a new one. A new table or column is copied by salvage.ts too.
 *
 * Storage choices (≈22 bytes a tick): outcomes are normalised to an integer id; a tick is keyed
 * (outcome_id, t, tie) in a WITHOUT ROWID table so one outcome's ticks are clustered and
 * time-ordered; t is the receive time in integer ms, the server time a small delta to it; prices
 * are integer thousandths. `tie` separates two ticks of one outcome in the same millisecond and
 * is almost always 0, which SQLite stores in the record header alone.
 * `tick_rollup` holds per-outcome aggregates at fixed bucket widths (rollup.ts) so that a
 * downsampled history never has to read every tick.
 */
import type Database from 'better-sqlite3'

export const MIGRATIONS: readonly string[] = [
  // 1: outcomes, ticks, rollups, override events, matches, reference data.
  `
  CREATE TABLE outcome (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL,
    odd_type TEXT NOT NULL,
    odd_key TEXT NOT NULL,
    UNIQUE (match_id, odd_type, odd_key)
  );
  CREATE TABLE tick (
    outcome_id INTEGER NOT NULL,
    t INTEGER NOT NULL,
    tie INTEGER NOT NULL,
    price INTEGER NOT NULL,
    suspended INTEGER NOT NULL,
    server_delta INTEGER NOT NULL,
    PRIMARY KEY (outcome_id, t, tie)
  ) WITHOUT ROWID;
  CREATE TABLE tick_rollup (
    outcome_id INTEGER NOT NULL,
    level INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    n INTEGER NOT NULL,
    first_dt INTEGER NOT NULL, first_p INTEGER NOT NULL, first_s INTEGER NOT NULL,
    last_dt INTEGER NOT NULL, last_p INTEGER NOT NULL, last_s INTEGER NOT NULL,
    min_dt INTEGER NOT NULL, min_p INTEGER NOT NULL, min_s INTEGER NOT NULL,
    max_dt INTEGER NOT NULL, max_p INTEGER NOT NULL, max_s INTEGER NOT NULL,
    susp_changes INTEGER NOT NULL,
    PRIMARY KEY (outcome_id, level, bucket)
  ) WITHOUT ROWID;
  CREATE TABLE override_event (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL,
    odd_type TEXT NOT NULL,
    odd_key TEXT NOT NULL,
    action TEXT NOT NULL,
    odd_value REAL NOT NULL,
    previous_value REAL,
    suspended INTEGER NOT NULL,
    duration_seconds INTEGER NOT NULL,
    set_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    server_ts INTEGER NOT NULL,
    received_ts INTEGER NOT NULL
  );
  CREATE INDEX override_event_by_match ON override_event (match_id, received_ts);
  CREATE INDEX override_event_by_time ON override_event (received_ts);
  CREATE TABLE match (
    sport TEXT NOT NULL,
    id INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (sport, id)
  ) WITHOUT ROWID;
  CREATE TABLE reference (
    sport TEXT NOT NULL,
    route TEXT NOT NULL,
    params_key TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    records TEXT NOT NULL,
    PRIMARY KEY (sport, route, params_key)
  ) WITHOUT ROWID;
  `,
  // 2: alerts, kept as JSON text because their shape belongs to the alerts module.
  `
  CREATE TABLE alert (
    id TEXT PRIMARY KEY,
    rule_id TEXT NOT NULL,
    match_id INTEGER,
    created_at INTEGER NOT NULL,
    payload TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX alert_by_time ON alert (created_at);
  CREATE INDEX alert_by_match ON alert (match_id, created_at);
  `,
  // 3: the words for a match's outcomes (teams, the feed's market and outcome labels), so review and
  // the CSV can name what the cache holds after the match has left the board.
  `
  CREATE TABLE match_labels (
    match_id INTEGER PRIMARY KEY,
    updated_at INTEGER NOT NULL,
    labels TEXT NOT NULL
  );
  `,
  // 4: matches and reference data (search hits, Discover pages) keyed by feed as well: the demo
  // and the real feed number their matches independently. Rows from before this version cannot be
  // told apart; they are kept as the demo feed's, the feed the app starts on without keys.
  `
  CREATE TABLE match_by_feed (
    feed TEXT NOT NULL,
    sport TEXT NOT NULL,
    id INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (feed, sport, id)
  ) WITHOUT ROWID;
  INSERT INTO match_by_feed SELECT 'demo', sport, id, updated_at, record FROM match;
  DROP TABLE match;
  ALTER TABLE match_by_feed RENAME TO match;
  CREATE TABLE reference_by_feed (
    feed TEXT NOT NULL,
    sport TEXT NOT NULL,
    route TEXT NOT NULL,
    params_key TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    records TEXT NOT NULL,
    PRIMARY KEY (feed, sport, route, params_key)
  ) WITHOUT ROWID;
  INSERT INTO reference_by_feed SELECT 'demo', sport, route, params_key, fetched_at, records FROM reference;
  DROP TABLE reference;
  ALTER TABLE reference_by_feed RENAME TO reference;
  `,
  // 5: everything else keyed by feed too: outcomes (so ticks and rollups, which hang off an outcome
  // id, need no change to their hot key), override events, alerts and match labels. A feed is a small
  // integer (`feed` table) so the per-tick path and the indexes carry no string. Rows from before this
  // version are the demo feed's (feed 1), as in migration 4. Only small tables are rebuilt.
  `
  CREATE TABLE feed (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO feed (id, name) VALUES (1, 'demo');
  CREATE TABLE outcome_by_feed (
    id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL,
    match_id INTEGER NOT NULL,
    odd_type TEXT NOT NULL,
    odd_key TEXT NOT NULL,
    UNIQUE (feed_id, match_id, odd_type, odd_key)
  );
  INSERT INTO outcome_by_feed (id, feed_id, match_id, odd_type, odd_key)
    SELECT id, 1, match_id, odd_type, odd_key FROM outcome;
  DROP TABLE outcome;
  ALTER TABLE outcome_by_feed RENAME TO outcome;
  ALTER TABLE override_event ADD COLUMN feed_id INTEGER NOT NULL DEFAULT 1;
  DROP INDEX override_event_by_match;
  DROP INDEX override_event_by_time;
  CREATE INDEX override_event_by_match ON override_event (feed_id, match_id, received_ts);
  CREATE INDEX override_event_by_time ON override_event (feed_id, received_ts);
  ALTER TABLE alert ADD COLUMN feed_id INTEGER NOT NULL DEFAULT 1;
  DROP INDEX alert_by_time;
  DROP INDEX alert_by_match;
  CREATE INDEX alert_by_time ON alert (feed_id, created_at);
  CREATE INDEX alert_by_match ON alert (feed_id, match_id, created_at);
  CREATE TABLE match_labels_by_feed (
    feed_id INTEGER NOT NULL,
    match_id INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    labels TEXT NOT NULL,
    PRIMARY KEY (feed_id, match_id)
  ) WITHOUT ROWID;
  INSERT INTO match_labels_by_feed SELECT 1, match_id, updated_at, labels FROM match_labels;
  DROP TABLE match_labels;
  ALTER TABLE match_labels_by_feed RENAME TO match_labels;
  `,
  // 6: override events remember whether this app set or lifted them, and whether the trader
  // acknowledged them, so the alert list reads the same after a reload or a restart.
  `
  ALTER TABLE override_event ADD COLUMN own INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE override_event ADD COLUMN acknowledged INTEGER NOT NULL DEFAULT 0;
  `,
  // 7: which ticks were the first price after a gap (a restart, a reconnect, a resync snapshot),
  // keyed as the tick is: the change tape rebuilt from the file must not show them as moves. A
  // table of its own keeps the tick row and its hot write path as they were; a resync is rare.
  `
  CREATE TABLE resync_tick (
    outcome_id INTEGER NOT NULL,
    t INTEGER NOT NULL,
    tie INTEGER NOT NULL,
    PRIMARY KEY (outcome_id, t, tie)
  ) WITHOUT ROWID;
  `,
  // 8: the board's match headers (score, status, clock, incident) as they changed, for the desk
  // replay. Each row holds the change (`patch`, what the board was sent) and the whole header after
  // it (`header`), so the header at an instant is one seek on the key, never an accumulation.
  // Headers change a few times a minute per match: the row's size matters little. `seq` orders
  // the changes of one match in one millisecond.
  `
  CREATE TABLE header_change (
    feed_id INTEGER NOT NULL,
    match_id INTEGER NOT NULL,
    t INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    patch TEXT NOT NULL,
    header TEXT NOT NULL,
    PRIMARY KEY (feed_id, match_id, t, seq)
  ) WITHOUT ROWID;
  `,
]

export const SCHEMA_VERSION = MIGRATIONS.length

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/** Applies the migrations after the file's version, each in its own transaction with its version bump. */
export function migrate(db: Database.Database, upTo = SCHEMA_VERSION): void {
  for (let version = schemaVersion(db); version < upTo; version++) {
    const sql = MIGRATIONS[version]
    if (sql === undefined) throw new Error(`no migration to version ${version + 1}`)
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
}
