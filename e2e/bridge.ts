import type { Page } from '@playwright/test'
import type { OddsMonitorApi } from '../src/shared/bridge/api'
import type { SimulatorInfo } from '../src/sim/types'

/**
 * The page's global scope as tests see it in page.evaluate: cast `globalThis` to this inside the
 * evaluated function (only the type crosses; the code runs in the page).
 */
export interface PageScope {
  oddsMonitor: OddsMonitorApi
}

/**
 * Points the app at `feed`, a simulator started by the test that stands for the real services (so
 * the test can stop it or turn its fault knobs): its endpoints (and the sport its data URLs name)
 * in Settings, `key` for both services in the keychain. End the test with `endFeedSession`, which
 * takes the keys out again; `switchToFeed` (app.ts) also waits until the app has left the demo feed.
 */
export function pointAppAtFeed(page: Page, feed: SimulatorInfo, key: string): Promise<void> {
  const { sport, bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl } = feed
  return page.evaluate(
    async ({ endpoints, key }) => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      await api.invoke('settings:update', endpoints)
      for (const account of ['data-service', 'odds-feed'] as const) await api.invoke('keys:set', { account, key })
    },
    { endpoints: { sport, bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl }, key },
  )
}

/** The keychain is the worker's (e2e/keyring.ts), shared by every host it starts after this one: leave no key behind. */
export function removeFeedKeys(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    for (const account of ['data-service', 'odds-feed'] as const) await api.invoke('keys:remove', { account })
  })
}

/**
 * Ends a test that ran the app on its own feed: the keys out of the worker's keychain first, then the
 * host and the feed, whichever step fails.
 */
export async function endFeedSession(
  page: Page,
  host: { stop(): Promise<void> },
  feed: { close(): Promise<void> },
): Promise<void> {
  try {
    await removeFeedKeys(page)
  } finally {
    await host.stop()
    await feed.close()
  }
}

/**
 * Puts up to `limit` live matches of the feed's sport on the active watchlist through the page's
 * bridge, the way the Discover screen does; answers their ids in watchlist order.
 */
export function watchLiveMatches(page: Page, limit: number): Promise<number[]> {
  return page.evaluate(async (limit) => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    const mode = await api.invoke('feed:mode')
    if (!mode.ok) throw new Error(mode.error.message)
    const live = await api.invoke('discover:matches', { mode: 'live', sport: mode.value.sport, limit })
    const lists = await api.invoke('watchlists:get')
    if (!live.ok || !lists.ok) throw new Error('bridge not ready')
    if (live.value.matches.length === 0) throw new Error('the feed has no live match')
    const id = lists.value.activeId ?? lists.value.lists[0]?.id ?? ''
    for (const match of live.value.matches) await api.invoke('watchlists:command', { op: 'addMatch', id, match })
    return live.value.matches.map((match) => match.matchId)
  }, limit)
}

/** Takes a match off the active watchlist through the page's bridge, as its card's remove button does. */
export function unwatchMatch(page: Page, matchId: number): Promise<void> {
  return page.evaluate(async (matchId) => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    const lists = await api.invoke('watchlists:get')
    if (!lists.ok) throw new Error(lists.error.message)
    const id = lists.value.activeId ?? lists.value.lists[0]?.id ?? ''
    await api.invoke('watchlists:command', { op: 'removeMatch', id, matchId })
  }, matchId)
}

/**
 * A watched match's outcome ids (`data-outcome` of its price cells) in board order, from the
 * page's bridge: the board mounts a card's cells only while it is on screen.
 */
export function outcomesOf(page: Page, matchId: number): Promise<string[]> {
  return page.evaluate(async (matchId) => {
    const boards = await (globalThis as unknown as PageScope).oddsMonitor.invoke('board:get')
    if (!boards.ok) throw new Error(boards.error.message)
    const layout = boards.value.find((b) => b.header.matchId === matchId)?.layout
    return layout?.groups.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId))) ?? []
  }, matchId)
}

/**
 * Sets a 120-second override on the outcome a price cell names in its `data-outcome`
 * (`<matchId>|<oddType>|<oddKey>`) through the page's bridge; answers the bridge's result.
 */
export function setOverrideOn(page: Page, outcome: string, oddValue: number) {
  const [matchId = '', oddType = '', oddKey = ''] = outcome.split('|')
  return page.evaluate((command) => (globalThis as unknown as PageScope).oddsMonitor.invoke('overrides:set', command), {
    matchId: Number(matchId),
    oddType,
    oddKey,
    oddValue,
    durationSeconds: 120,
    suspended: false,
  })
}

/** Commits per component key so far (`?renderCount=1`: src/renderer/src/lib/render-count.ts). */
export function renderCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({
    ...(globalThis as unknown as { __renderCounts: Record<string, number> }).__renderCounts,
  }))
}

/** How many milliseconds of a match's trading the cache holds so far (first to last recorded tick). */
export function recordedSpanMs(page: Page, matchId: number): Promise<number> {
  return page.evaluate(async (matchId) => {
    const api = (globalThis as unknown as PageScope).oddsMonitor
    const first = await api.invoke('history:ticks', { matchId, limit: 1 })
    if (!first.ok || first.value.total < 2) return 0
    const last = await api.invoke('history:ticks', { matchId, offset: first.value.total - 1, limit: 1 })
    const [a, b] = [first.value.rows[0], last.ok ? last.value.rows[0] : undefined]
    return a && b ? Math.abs(b.receivedTs - a.receivedTs) : 0
  }, matchId)
}

/**
 * Replaces the page's Notification with a recorder before the app loads (the browser's own would
 * need a permission prompt); the host's notifier port then shows into `__notifications`.
 */
export async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shown = { title: string; body: string; onclick: (() => void) | null }
    const shown: Shown[] = []
    class RecordingNotification {
      static permission = 'granted'
      static requestPermission = async () => 'granted'
      onclick: (() => void) | null = null
      constructor(
        readonly title: string,
        options: { body?: string } = {},
      ) {
        shown.push(Object.assign(this, { body: options.body ?? '' }) as unknown as Shown)
      }
    }
    Object.assign(globalThis, { Notification: RecordingNotification, __notifications: shown })
  })
}

/** The notifications recorded so far (recordNotifications), title and body. */
export function recordedNotifications(page: Page): Promise<Array<{ title: string; body: string }>> {
  return page.evaluate(() =>
    (globalThis as unknown as { __notifications: Array<{ title: string; body: string }> }).__notifications.map(
      ({ title, body }) => ({ title, body }),
    ),
  )
}

/** Clicks the recorded notification at `index`, as the trader clicks a system notification. */
export function clickNotification(page: Page, index: number): Promise<void> {
  return page.evaluate(
    (i) => (globalThis as unknown as { __notifications: Array<{ onclick: () => void }> }).__notifications[i]?.onclick(),
    index,
  )
}

/**
 * A rule on one match that notifies at once (no coalescing) on a move of 0.1 % or more, then holds
 * back the match's moves for `cooldownSeconds`: its first move becomes a notification within seconds.
 */
export function notifyOnMovesOf(page: Page, matchId: number, cooldownSeconds: number): Promise<void> {
  return page.evaluate(
    async ({ matchId, cooldownSeconds }) => {
      const api = (globalThis as unknown as PageScope).oddsMonitor
      await api.invoke('rules:deliverySet', { coalesceSeconds: 0, quietHours: null, muted: false })
      const saved = await api.invoke('rules:save', {
        name: 'Moves of one match',
        enabled: true,
        scope: { type: 'match', matchId },
        condition: { kind: 'move', minPct: 0.1, windowSeconds: 60 },
        cooldownSeconds,
        doNotRepeat: false,
        cooldownPer: 'match',
      })
      if (!saved.ok) throw new Error(saved.error.message)
    },
    { matchId, cooldownSeconds },
  )
}

/**
 * Records when the page invokes `channel` (and with what), before the app loads: the host's page
 * script defines `window.oddsMonitor` frozen, so its definition is wrapped on the way in. Read with
 * `recordedInvokes`. The calls themselves go through unchanged.
 */
export async function recordInvokes(page: Page, channel: string): Promise<void> {
  await page.addInitScript((watched) => {
    const calls: Array<{ at: number; input: unknown }> = []
    const define = Object.defineProperty
    Object.defineProperty = <T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<unknown>): T => {
      const api = descriptor.value as { invoke?: (channel: string, input?: unknown) => unknown } | undefined
      if (target === (globalThis as unknown) && key === 'oddsMonitor' && api?.invoke) {
        const invoke = api.invoke
        const recording = (channel: string, input?: unknown) => {
          if (channel === watched) calls.push({ at: Date.now(), input })
          return invoke(channel, input)
        }
        descriptor = { ...descriptor, value: Object.freeze({ ...api, invoke: recording }) }
      }
      return define(target, key, descriptor)
    }
    Object.assign(globalThis, { __invokes: calls })
  }, channel)
}

/** The calls `recordInvokes` saw so far: when (epoch ms) and with what input. */
export function recordedInvokes(page: Page): Promise<Array<{ at: number; input: unknown }>> {
  return page.evaluate(() => [
    ...(globalThis as unknown as { __invokes: Array<{ at: number; input: unknown }> }).__invokes,
  ])
}
