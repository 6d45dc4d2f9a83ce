/**
 * Every invoke channel of the bridge contract, mapped onto the core's services. Input has already
 * been validated by the router; handlers translate service results into values or into a
 * BridgeFailure with words the trader can act on.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { AppInfo } from '../../shared/bridge/contract'
import { BridgeFailure } from '../../shared/bridge/result'
import type { AppHealth } from '../../shared/health'
import type { KeysStatus } from '../../shared/keys'
import { OVERRIDE_ALERT_CAP, RECENT_TAPE_LIMIT, RECENT_TAPE_WINDOW_MS, type HistorySeries } from '../../shared/history'
import { bookMarketKey } from '../../shared/board'
import type { OutcomeRef } from '../../shared/domain'
import type { AlertRule } from '../../shared/alerts'
import { matchName, outcomeWords, type Teams } from '../../shared/labels'
import { formatPrice } from '../../shared/price-format'
import type { AlertsService } from './alerts/alerts-service'
import type { MatchLabeller } from './match-labeller'
import type { BridgeRouter } from './bridge/router'
import type { FeedScopedArchive } from './cache/feed-scoped'
import type { ChangeCursor } from './cache/range-changes'
import type { DiscoveryService } from './discovery/discovery-service'
import type { PublicFeed } from './discovery/public-feed'
import { crashDirOf } from './faults/crash-files'
import { bundleName, writeDiagnosticBundle, type BundleSources } from './diagnostics/diagnostic-bundle'
import type { FaultReporter } from './faults/fault-reporter'
import { orFail } from './discovery/discovery-service'
import type { FeedSession } from './session/feed-session'
import type { LiveFeed } from './session/live-feed'
import type { OddsClient } from './clients/odds/odds-client'
import type { HostPorts } from './host-ports'
import type { FrameInspector } from './inspector/frame-inspector'
import type { KeyResult, KeyService } from './secrets/key-service'
import type { SettingsService } from './settings'
import type { OwnOverrides } from './watch/own-overrides'
import { ReplayDesk } from './replay/replay-desk'
import type { WatchlistService } from './watchlists/watchlist-service'

export interface HandlerServices {
  info: AppInfo
  faults: FaultReporter
  /** The feeds' health with the faults section (what `feed:health` also pushes every second). */
  health: () => AppHealth
  /** The trader's "Retry now": both services' gates reopened and the streams reconnected. */
  retryNow: () => void
  settings: SettingsService
  keys: KeyService
  session: FeedSession
  live: LiveFeed
  watchlists: WatchlistService
  discovery: DiscoveryService
  publicFeed: PublicFeed
  odds: OddsClient
  alerts: AlertsService
  cache: FeedScopedArchive
  labels: MatchLabeller
  ports: HostPorts
  inspector: FrameInspector
  ownOverrides: OwnOverrides
  /** What the diagnostic bundle is made of. */
  diagnostics: BundleSources
}

/** Discover marks priced matches from this many pages of the odds feed's match list: enough for a day's card. */
const PRICED_PAGES = 10

export function registerHandlers(router: BridgeRouter, s: HandlerServices): void {
  router.handle('app:info', () => s.info)
  router.handle('app:reportFault', ({ kind, message, stack, where }) => {
    s.faults.report({ process: 'renderer', kind, message, error: stack ?? undefined, detail: { where } })
    return null
  })
  router.handle('app:openCrashFolder', async () => {
    const path = crashDirOf(s.info.dataDir)
    mkdirSync(path, { recursive: true })
    return { opened: await s.ports.folders.openFolder(path), path }
  })
  router.handle('app:saveDiagnostics', async () => {
    const name = bundleName(new Date())
    const folder = s.ports.bundles
      ? await s.ports.bundles.chooseBundleFolder(name)
      : join(s.info.dataDir, 'diagnostics', name)
    if (folder === null) return { kind: 'canceled' as const }
    try {
      return { kind: 'saved' as const, ...(await writeDiagnosticBundle(folder, s.diagnostics)) }
    } catch (error) {
      throw new BridgeFailure('internal', `the bundle could not be written to ${folder}: ${(error as Error).message}`)
    }
  })
  router.handle('settings:get', () => s.settings.get())
  router.handle('settings:update', (patch) => s.settings.update(patch))

  const keysStatus = async (): Promise<KeysStatus> => {
    const status = await s.keys.status()
    if (!status.ok) return { keychain: false, message: status.error.message, accounts: noKeys() }
    return { keychain: true, message: null, accounts: status.value }
  }
  router.handle('keys:status', keysStatus)
  router.handle('keys:set', async ({ account, key }) => {
    keyOrFail(await s.keys.setKey(account, key))
    await s.session.refresh()
    return keysStatus()
  })
  router.handle('keys:remove', async ({ account }) => {
    keyOrFail(await s.keys.removeKey(account))
    await s.session.refresh()
    return keysStatus()
  })
  router.handle('keys:test', async ({ account }) => {
    await s.session.refresh()
    return keyOrFail(await s.keys.testKey(account))
  })

  router.handle('feed:mode', () => s.session.mode())
  router.handle('feed:health', () => s.health())
  router.handle('feed:retryNow', () => {
    s.retryNow()
    return null
  })

  router.handle('discover:matches', (query) => s.discovery.matches(query))
  router.handle('discover:search', ({ sport, text }) => s.discovery.search(sport, text))
  router.handle('discover:priced', async ({ sport }) =>
    orFail(await s.odds.matches(sport, {}, { maxPages: PRICED_PAGES })).records.map((m) => m.matchId),
  )

  router.handle('discover:leagues', ({ sport }) => s.publicFeed.leagues(sport))
  router.handle('discover:publicFeed', ({ sport }) => s.publicFeed.currentFeed(sport))
  router.handle('history:provider', ({ matchId, sport }) => s.publicFeed.history(sport ?? sportOf(s, matchId), matchId))

  router.handle('watchlists:get', () => s.watchlists.get())
  router.handle('watchlists:command', (command) => s.watchlists.apply(command))
  router.handle('board:get', () => s.live.boards())

  router.handle('overrides:set', async ({ matchId, oddType, ...body }) => {
    const { oddValue, durationSeconds, suspended } = body
    const withdraw = s.ownOverrides.expect(
      { matchId, oddType, oddKey: body.oddKey },
      { oddValue, durationSeconds, suspended },
    )
    const answer = await s.odds.setOverride({ sport: sportOf(s, matchId), matchId, oddType }, body)
    if (!answer.ok) withdraw()
    orFail(answer)
    return {
      ok: true,
      message: `override set: ${s.labels.describe({ matchId, oddType, oddKey: body.oddKey })} at ${formatPrice(body.oddValue)} for ${body.durationSeconds} s`,
    }
  })
  router.handle('overrides:lift', async ({ matchId, oddType, oddKey }) => {
    const withdraw = s.ownOverrides.expect({ matchId, oddType, oddKey }, 'lift')
    const answer = await s.odds.liftOverride({ sport: sportOf(s, matchId), matchId, oddType }, oddKey)
    if (!answer.ok) withdraw()
    orFail(answer)
    return { ok: true, message: `override lifted: ${s.labels.describe({ matchId, oddType, oddKey })}` }
  })
  router.handle('odds:verify', async ({ matchId }) => {
    // The bookmaker id does not exist: asking would only 404 again (the card says why).
    const stopped = s.live.stoppedReason()
    if (stopped !== null) throw new BridgeFailure('not_available', stopped)
    const answer = orFail(await s.odds.verify(sportOf(s, matchId), matchId))
    const margins = Object.fromEntries((answer.markets ?? []).map((m) => [bookMarketKey(m.oddType, m.name), m.margin]))
    return { matchId, ok: answer.ok, margins, problems: answer.problems ?? [] }
  })
  router.handle('window:openMatch', ({ matchId }) => s.ports.windows.openMatch(matchId))
  router.handle('inspector:open', ({ lease }) => {
    s.inspector.open(lease)
    return null
  })
  router.handle('inspector:close', ({ lease }) => {
    s.inspector.close(lease)
    return null
  })

  router.handle('alerts:list', () => s.alerts.list())
  router.handle('alerts:markRead', ({ ids }) => s.alerts.markRead(ids))
  router.handle('alerts:backtest', (input) =>
    s.alerts.backtest<ChangeCursor>(input, {
      changes: { page: (query) => s.cache.changes({ ...query, matchIds: input.matchIds ?? null }) },
      alerts: (ruleId, from, to, limit) => s.cache.alerts(from, to, limit, ruleId),
    }),
  )
  router.handle('rules:list', () => s.alerts.listRules())
  router.handle('rules:save', (rule) => s.alerts.saveRule(rule))
  router.handle('rules:delete', ({ id }) => s.alerts.deleteRule(id))
  router.handle('rules:deliveryGet', () => s.alerts.deliverySettings())
  router.handle('rules:deliverySet', (delivery) => s.alerts.setDeliverySettings(delivery))
  router.handle('rules:matchTeams', () => ruleMatchTeams(s.alerts.listRules(), s.labels))

  router.handle('history:series', ({ matchId, from, to, maxPoints }) => historySeries(s, matchId, from, to, maxPoints))
  router.handle('history:ticks', ({ matchId, from, to, offset, limit }) => {
    const range = rangeOf(from, to)
    const rows = s.cache.ticks(matchId, range.from, range.to, { limit, offset })
    const total = s.cache.history(matchId, 'all', range.from, range.to, 10).reduce((sum, o) => sum + o.tickCount, 0)
    return {
      total,
      rows: rows.map(({ oddType, oddKey, price, suspended, serverTs, receivedTs }) => ({
        oddType,
        oddKey,
        price,
        suspended,
        serverTs,
        receivedTs,
      })),
    }
  })
  router.handle('history:recent', () => {
    const watched = s.watchlists.allMatches().map((m) => m.matchId)
    return {
      tape: s.cache.recentChanges(watched, Date.now() - RECENT_TAPE_WINDOW_MS, RECENT_TAPE_LIMIT),
      overrides: s.cache.recentOverrideEvents(OVERRIDE_ALERT_CAP),
    }
  })
  const replay = new ReplayDesk({ cache: s.cache, labels: s.labels, sportOf: (matchId) => sportOf(s, matchId) })
  router.handle('replay:open', (input) => replay.open(input))
  router.handle('replay:stateAt', (input) => replay.stateAt(input))
  router.handle('replay:events', (input) => replay.events(input))
  router.handle('overrides:acknowledge', ({ events }) => {
    s.cache.acknowledgeOverrideEvents(events)
    return null
  })
  router.handle('history:export', ({ matchId, from, to }) => {
    const range = rangeOf(from, to)
    const day = new Date(range.to).toISOString().slice(0, 10)
    const labels = s.labels.of(matchId)
    const names = { match: matchName(matchId, labels.teams), outcome: (ref: OutcomeRef) => outcomeWords(ref, labels) }
    return s.ports.exporter.exportCsv(`odds-${matchId}-${day}.csv`, (write) =>
      s.cache.exportCsv(matchId, range.from, range.to, names, write),
    )
  })
}

function historySeries(
  { cache, labels }: HandlerServices,
  matchId: number,
  from: number | undefined,
  to: number | undefined,
  maxPoints: number,
): HistorySeries {
  const range = rangeOf(from, to)
  const outcomes = cache.history(matchId, 'all', range.from, range.to, maxPoints)
  return {
    matchId,
    from: from ?? null,
    to: to ?? null,
    totalTicks: outcomes.reduce((sum, o) => sum + o.tickCount, 0),
    outcomes: outcomes.map((o) => ({
      oddType: o.oddType,
      oddKey: o.oddKey,
      t: o.points.map((p) => p.t),
      price: o.points.map((p) => p.price),
      suspended: o.points.map((p) => p.suspended),
    })),
    overrides: cache.overrideEvents(matchId, range.from, range.to),
    labels: labels.of(matchId),
  }
}

/**
 * The teams of each match a rule is scoped to, for the rule list: the labeller knows a watched
 * match's from the watchlists and any other's from the cache's labels (kept since it was on the board).
 */
function ruleMatchTeams(rules: readonly AlertRule[], labels: MatchLabeller): Array<{ matchId: number; teams: Teams }> {
  const matchIds = new Set(rules.flatMap((r) => ('matchId' in r.scope ? [r.scope.matchId] : [])))
  return [...matchIds].flatMap((matchId) => {
    const teams = labels.of(matchId).teams
    return teams ? [{ matchId, teams }] : []
  })
}

/** An open range means "everything recorded until now". */
function rangeOf(from: number | undefined, to: number | undefined): { from: number; to: number } {
  const end = to ?? Date.now()
  const start = Math.min(from ?? 0, end)
  return { from: start, to: end }
}

function sportOf(s: HandlerServices, matchId: number): string {
  return s.watchlists.allMatches().find((m) => m.matchId === matchId)?.sport ?? s.settings.get().sport
}

function keyOrFail<T>(result: KeyResult<T>): T {
  if (result.ok) return result.value
  throw new BridgeFailure(result.error.code === 'no_keychain' ? 'no_keychain' : 'invalid_input', result.error.message)
}

function noKeys(): KeysStatus['accounts'] {
  return { 'data-service': { set: false, lastTest: null }, 'odds-feed': { set: false, lastTest: null } }
}
