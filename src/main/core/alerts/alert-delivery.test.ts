import { describe, expect, it } from 'vitest'
import type { AlertDeliverySettings, AlertRule } from '../../../shared/alerts'
import type { OutcomeRef } from '../../../shared/domain'
import { AlertDelivery, HELD_LISTED, type AlertsChange } from './alert-delivery'
import { RuleEngine } from './rule-engine'
import { HOME, makeRule, ManualTime, RecordingNotifier, TickFeed } from './test-support'

const NO_COALESCE: AlertDeliverySettings = { coalesceSeconds: 0, quietHours: null, muted: false }

/** The real engine feeding the real delivery stage, on a manual clock. */
function pipeline(rules: AlertRule[], settings: AlertDeliverySettings = NO_COALESCE, start = Date.UTC(2025, 0, 6, 12)) {
  const time = new ManualTime(start)
  const notifier = new RecordingNotifier()
  let seq = 0
  const delivery = new AlertDelivery({ notifier, now: time.now, settings, scheduler: time, newId: () => `a${++seq}` })
  const engine = new RuleEngine({ watchlistsOf: () => [], now: time.now, sink: delivery }, rules)
  const feed = new TickFeed()
  /** Suspends or unsuspends an outcome at the current clock time. */
  const suspend = (ref: OutcomeRef, suspended: boolean) =>
    engine.onPriceChange(feed.change(ref, time.now(), 2, suspended))
  /** Moves an outcome's price at the current clock time. */
  const price = (ref: OutcomeRef, p: number) => engine.onPriceChange(feed.change(ref, time.now(), p))
  return { time, notifier, delivery, engine, suspend, price }
}

const AWAY: OutcomeRef = { ...HOME, oddKey: 'match_winner#away' }
const OTHER_MATCH: OutcomeRef = { ...HOME, matchId: 2 }
const suspensionRule = (extra: Partial<AlertRule> = {}) => makeRule({ kind: 'suspension', on: 'either' }, extra)

describe('AlertDelivery: cooldown and do-not-repeat', () => {
  it('holds back firings for the same outcome within its cooldown; exactly at the end it fires again', () => {
    const p = pipeline([suspensionRule({ cooldownSeconds: 30 })])
    p.suspend(HOME, false)
    p.suspend(HOME, true) // fires at t0
    p.time.advance(10_000)
    p.suspend(HOME, false) // in cooldown
    p.time.advance(19_999)
    p.suspend(HOME, true) // still in cooldown
    p.time.advance(1)
    p.suspend(HOME, false) // 30 s after the first firing
    expect(p.delivery.entries().map((e) => [e.oddKey, e.title.endsWith('unsuspended'), e.held?.count])).toEqual([
      ['match_winner#home', true, undefined],
      ['match_winner#home', false, 2],
    ])
    expect(p.notifier.shown).toHaveLength(2)
  })

  it('keeps the cooldown per outcome: a desk-wide rule alerts every outcome that moves, not one per window', () => {
    const p = pipeline([suspensionRule({ cooldownSeconds: 30 })])
    for (const ref of [HOME, AWAY, OTHER_MATCH]) p.suspend(ref, false)
    p.suspend(HOME, true)
    p.suspend(AWAY, true) // another outcome: its own cooldown
    p.suspend(OTHER_MATCH, true)
    expect(p.delivery.entries().map((e) => [e.matchId, e.oddKey])).toEqual([
      [2, 'match_winner#home'],
      [1, 'match_winner#away'],
      [1, 'match_winner#home'],
    ])
  })

  it('per match, as the trader chose: one alert per match, the other outcomes held back on it', () => {
    const p = pipeline([suspensionRule({ cooldownSeconds: 30, cooldownPer: 'match' })])
    for (const ref of [HOME, AWAY, OTHER_MATCH]) p.suspend(ref, false)
    p.suspend(HOME, true)
    p.suspend(AWAY, true)
    p.suspend(OTHER_MATCH, true)
    expect(p.delivery.entries().map((e) => [e.matchId, e.oddKey, e.held?.count])).toEqual([
      [2, 'match_winner#home', undefined],
      [1, 'match_winner#home', 1],
    ])
  })

  it('counts and lists what a cooldown held back on the alert, and sends it at most once a second', () => {
    const start = Date.UTC(2025, 0, 6, 12)
    const p = pipeline([suspensionRule({ cooldownSeconds: 30 })], NO_COALESCE, start)
    const changes: AlertsChange[] = []
    p.delivery.onChange((c) => changes.push(c))
    p.suspend(HOME, false)
    p.suspend(HOME, true) // fires
    for (let i = 0; i < 30; i++) {
      p.time.advance(500)
      p.suspend(HOME, i % 2 === 1) // 30 more firings within 15 s
    }
    const [entry] = p.delivery.entries()
    expect(p.delivery.entries()).toHaveLength(1)
    expect(entry?.held?.count).toBe(30)
    expect(entry?.held?.cooldownSeconds).toBe(30)
    expect(entry?.held?.firings).toHaveLength(HELD_LISTED)
    expect(entry?.held?.firings[0]).toEqual({
      at: start + 500,
      title: 'Match 1: Match winner · Home unsuspended',
      body: `Price 2.00 · ${entry?.ruleName}`,
    })
    p.time.advance(1000)
    const reports = changes.filter((c) => c.held.length > 0)
    expect(reports.length).toBeGreaterThan(1)
    expect(reports.length).toBeLessThanOrEqual(16) // at most one a second over 16 s
    expect(reports.at(-1)?.held[0]?.held?.count).toBe(30)
    expect(p.notifier.shown).toHaveLength(1)
  })

  it('do-not-repeat fires once per outcome until the rule is forgotten', () => {
    const rule = suspensionRule({ doNotRepeat: true })
    const p = pipeline([rule])
    p.suspend(HOME, false)
    p.suspend(AWAY, false)
    p.suspend(HOME, true)
    p.suspend(HOME, false)
    p.suspend(AWAY, true)
    expect(p.delivery.entries().map((e) => e.oddKey)).toEqual(['match_winner#away', 'match_winner#home'])
    p.delivery.forgetRule(rule.id)
    p.suspend(HOME, true)
    expect(p.delivery.entries()).toHaveLength(3)
  })
})

describe('AlertDelivery: coalescing', () => {
  const moveRule = makeRule({ kind: 'move', minPct: 5, windowSeconds: 60 })
  const outcome = (i: number): OutcomeRef => ({ matchId: 10 + i, oddType: 'full-time', oddKey: 'match_winner#home' })

  it('announces several firings within the window as one notification, on the window close', () => {
    const p = pipeline([moveRule], { ...NO_COALESCE, coalesceSeconds: 5 })
    for (let i = 0; i < 5; i++) p.price(outcome(i), 2.0)
    for (let i = 0; i < 5; i++) {
      if (i > 0) p.time.advance(1000)
      p.price(outcome(i), 2.2)
    }
    p.time.advance(999)
    expect(p.delivery.entries()).toHaveLength(5)
    expect(p.notifier.shown).toEqual([]) // the window opened by the first firing closes at +5 s
    p.time.advance(1)
    expect(p.notifier.shown).toEqual([
      {
        title: '5 price moves',
        body: [
          'Match 10: Match winner · Home ▲ +10.0 %',
          'Match 11: Match winner · Home ▲ +10.0 %',
          'Match 12: Match winner · Home ▲ +10.0 %',
          '…and 2 more',
        ].join('\n'),
        matchId: 10,
        alertIds: ['a1', 'a2', 'a3', 'a4', 'a5'],
      },
    ])
    // A later firing opens a new window: a single firing is shown as itself.
    p.price(outcome(0), 1.9)
    p.time.advance(5000)
    expect(p.notifier.shown[1]).toMatchObject({
      title: 'Match 10: Match winner · Home ▼ −13.6 %',
      alertIds: ['a6'],
    })
  })

  it('names mixed kinds "alerts"', () => {
    const p = pipeline([moveRule, suspensionRule()], { ...NO_COALESCE, coalesceSeconds: 2 })
    p.price(HOME, 2.0)
    p.price(HOME, 2.2)
    p.suspend(HOME, true)
    p.time.advance(2000)
    expect(p.notifier.shown.map((n) => [n.title, n.alertIds.length])).toEqual([['2 alerts', 2]])
  })

  it('with coalesceSeconds 0 every firing is its own notification at once', () => {
    const p = pipeline([suspensionRule()])
    p.suspend(HOME, false)
    p.suspend(HOME, true)
    p.suspend(HOME, false)
    expect(p.notifier.shown.map((n) => n.alertIds)).toEqual([['a1'], ['a2']])
  })
})

describe('AlertDelivery: quiet hours and mute', () => {
  const overnight: AlertDeliverySettings = { ...NO_COALESCE, quietHours: { start: '22:00', end: '07:00' } }
  /** Local wall-clock time, so the test holds in any time zone. */
  const local = (day: number, h: number, m: number) => new Date(2025, 0, day, h, m).getTime()

  it.each<[string, number, boolean]>([
    ['21:59 before quiet hours', local(6, 21, 59), true],
    ['22:00 start is quiet', local(6, 22, 0), false],
    ['23:30 before midnight', local(6, 23, 30), false],
    ['00:15 after midnight', local(7, 0, 15), false],
    ['06:59 still quiet', local(7, 6, 59), false],
    ['07:00 end is not quiet', local(7, 7, 0), true],
  ])('%s → notified: %s; the in-app entry is recorded either way', (_name, at, notified) => {
    const p = pipeline([suspensionRule()], overnight, at)
    p.suspend(HOME, false)
    p.suspend(HOME, true)
    expect(p.notifier.shown.length).toBe(notified ? 1 : 0)
    expect(p.delivery.entries()).toHaveLength(1)
    expect(p.delivery.unreadCount()).toBe(1)
  })

  it('quiet hours within one day (12:00–13:00)', () => {
    const p = pipeline(
      [suspensionRule()],
      { ...NO_COALESCE, quietHours: { start: '12:00', end: '13:00' } },
      local(6, 12, 30),
    )
    p.suspend(HOME, false)
    p.suspend(HOME, true)
    p.time.advance(31 * 60_000) // 13:01
    p.suspend(HOME, false)
    p.time.advance(23 * 60 * 60_000) // 12:01 next day
    p.suspend(HOME, true)
    expect(p.notifier.shown.map((n) => n.alertIds)).toEqual([['a2']])
  })

  it('mute suppresses notifications, not entries; unmuting restores them', () => {
    const p = pipeline([suspensionRule()], { ...NO_COALESCE, muted: true })
    p.suspend(HOME, false)
    p.suspend(HOME, true)
    expect(p.notifier.shown).toEqual([])
    expect(p.delivery.unreadCount()).toBe(1)
    p.delivery.setSettings(NO_COALESCE)
    p.suspend(HOME, false)
    expect(p.notifier.shown.map((n) => n.alertIds)).toEqual([['a2']])
  })

  it('muting while a coalesced batch is collecting drops the batch', () => {
    const settings = { ...NO_COALESCE, coalesceSeconds: 5 }
    const p = pipeline([suspensionRule()], settings)
    p.suspend(HOME, false)
    p.suspend(HOME, true)
    p.delivery.setSettings({ ...settings, muted: true })
    p.time.advance(5000)
    expect(p.notifier.shown).toEqual([])
    expect(p.delivery.entries()).toHaveLength(1)
  })
})

describe('AlertDelivery: unread counter and listeners', () => {
  it('counts unread entries, marks them read by id or all, and tells listeners', () => {
    const p = pipeline([suspensionRule()])
    const changes: AlertsChange[] = []
    const unsubscribe = p.delivery.onChange((c) => changes.push(c))
    p.suspend(HOME, false)
    for (const s of [true, false, true]) p.suspend(HOME, s)
    expect(p.delivery.unreadCount()).toBe(3)
    expect(changes.map((c) => [c.added.map((e) => e.id), c.unread])).toEqual([
      [['a1'], 1],
      [['a2'], 2],
      [['a3'], 3],
    ])

    p.delivery.markRead(['a2', 'a2', 'unknown'])
    expect(p.delivery.unreadCount()).toBe(2)
    expect(p.delivery.entries().map((e) => [e.id, e.read])).toEqual([
      ['a3', false],
      ['a2', true],
      ['a1', false],
    ])
    expect(changes.at(-1)).toMatchObject({ added: [], read: [{ id: 'a2', read: true }], unread: 2 })

    p.delivery.markRead('all')
    expect(p.delivery.unreadCount()).toBe(0)
    const count = changes.length
    p.delivery.markRead('all') // nothing changed: no event
    unsubscribe()
    p.suspend(HOME, false)
    expect(changes).toHaveLength(count)
    expect(p.delivery.unreadCount()).toBe(1)
  })

  it('keeps at most maxEntries, dropping the oldest and its unread count', () => {
    const time = new ManualTime(0)
    const notifier = new RecordingNotifier()
    const delivery = new AlertDelivery({
      notifier,
      now: time.now,
      settings: NO_COALESCE,
      scheduler: time,
      maxEntries: 2,
    })
    const rule = suspensionRule()
    for (let i = 0; i < 3; i++) delivery.accept({ rule, matchId: i, text: () => ({ title: `t${i}`, body: '' }), at: i })
    expect(delivery.entries().map((e) => e.title)).toEqual(['t2', 't1'])
    expect(delivery.unreadCount()).toBe(2)
  })
})
