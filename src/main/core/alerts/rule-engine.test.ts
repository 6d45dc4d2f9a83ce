import { describe, expect, it } from 'vitest'
import type { AlertCondition, AlertScope } from '../../../shared/alerts'
import type { OverrideEvent, OverrideEventKind } from '../../../shared/domain'
import type { AlertFiring, MatchStatusChange } from './ports'
import { RuleEngine } from './rule-engine'
import { HOME, makeRule, TickFeed } from './test-support'

/** [seconds, price, suspended? or 'resync': the first price after a gap] */
type Tick = [number, number, (boolean | 'resync')?]

/** Runs the ticks through a fresh engine holding one rule; returns the indexes of ticks that fired. */
function firingTicks(condition: AlertCondition, ticks: Tick[]): number[] {
  const fired: AlertFiring[] = []
  const engine = new RuleEngine({ watchlistsOf: () => [], now: () => 0, sink: { accept: (f) => fired.push(f) } }, [
    makeRule(condition),
  ])
  const feed = new TickFeed()
  const hits: number[] = []
  ticks.forEach(([s, price, mark], i) => {
    const before = fired.length
    engine.onPriceChange(
      mark === 'resync' ? feed.resync(HOME, s * 1000, price) : feed.change(HOME, s * 1000, price, mark ?? false),
    )
    if (fired.length > before) hits.push(i)
  })
  return hits
}

describe('RuleEngine: move rules', () => {
  const pct5: AlertCondition = { kind: 'move', minPct: 5, windowSeconds: 60 }
  const abs01: AlertCondition = { kind: 'move', minAbs: 0.1, windowSeconds: 60 }
  it.each<[string, AlertCondition, Tick[], number[]]>([
    [
      'exactly 5 % up fires',
      pct5,
      [
        [0, 2.0],
        [10, 2.1],
      ],
      [1],
    ],
    [
      'exactly 5 % down fires',
      pct5,
      [
        [0, 2.0],
        [10, 1.9],
      ],
      [1],
    ],
    [
      'just below 5 % does not fire',
      pct5,
      [
        [0, 2.0],
        [10, 2.0999],
      ],
      [],
    ],
    [
      'exactly 0.1 in price fires despite binary floats',
      abs01,
      [
        [0, 1.1],
        [10, 1.2],
      ],
      [1],
    ],
    [
      'just below 0.1 does not fire',
      abs01,
      [
        [0, 1.1],
        [10, 1.199],
      ],
      [],
    ],
    [
      'a drift within T seconds adds up',
      pct5,
      [
        [0, 2.0],
        [30, 2.05],
        [59, 2.1],
      ],
      [2],
    ],
    [
      'window start is inclusive (price in force at now − T)',
      pct5,
      [
        [0, 2.0],
        [1, 2.05],
        [60, 2.1],
      ],
      [2],
    ],
    [
      'a drift spread over more than T does not fire',
      pct5,
      [
        [0, 2.0],
        [1, 2.05],
        [61, 2.1],
      ],
      [],
    ],
    [
      'a slow drift in steps never fires',
      pct5,
      [
        [0, 2.0],
        [40, 2.05],
        [100, 2.1],
        [160, 2.15],
      ],
      [],
    ],
    [
      'a jump after a long-standing price is a move',
      pct5,
      [
        [0, 2.0],
        [3600, 2.1],
      ],
      [1],
    ],
    [
      'after firing the reference restarts from the fired price',
      pct5,
      [
        [0, 2.0],
        [1, 2.1],
        [2, 2.12],
        [3, 2.21],
      ],
      [1, 3],
    ],
    [
      'either minimum is enough',
      { kind: 'move', minPct: 50, minAbs: 0.1, windowSeconds: 60 },
      [
        [0, 2.0],
        [1, 2.1],
      ],
      [1],
    ],
    [
      'suspension-only ticks do not disturb the window',
      pct5,
      [
        [0, 2.0],
        [5, 2.0, true],
        [6, 2.0, false],
        [10, 2.1],
      ],
      [3],
    ],
    [
      'up then down within the window measures the biggest swing',
      pct5,
      [
        [0, 2.0],
        [1, 2.06],
        [2, 1.95],
      ],
      [2],
    ],
  ])('%s', (_name, condition, ticks, expected) => {
    expect(firingTicks(condition, ticks)).toEqual(expected)
  })

  it('keeps working once more prices arrive than the ring holds', () => {
    // 100 tiny steps of 0.001 within 50 s, then a jump: only the newest 64 prices are kept.
    const ticks: Tick[] = Array.from({ length: 100 }, (_, i) => [i / 2, 2 + i * 0.001])
    ticks.push([50, 2.2])
    expect(firingTicks(pct5, ticks)).toEqual([100])
  })

  it("a firing restarts the reference for that rule on that outcome only, not for the others'", () => {
    const fired: AlertFiring[] = []
    const five = makeRule(pct5)
    const ten = makeRule({ kind: 'move', minPct: 10, windowSeconds: 60 })
    const engine = new RuleEngine({ watchlistsOf: () => [], now: () => 0, sink: { accept: (f) => fired.push(f) } }, [
      five,
      ten,
    ])
    const feed = new TickFeed()
    const away = { ...HOME, oddKey: 'match_winner#away' }
    const fires = (ref: typeof HOME, s: number, price: number) => {
      const before = fired.length
      engine.onPriceChange(feed.change(ref, s * 1000, price))
      return fired.slice(before).map((f) => f.rule.id)
    }
    expect(fires(HOME, 0, 2.0)).toEqual([])
    expect(fires(away, 0, 2.0)).toEqual([])
    expect(fires(HOME, 1, 2.1)).toEqual([five.id]) // +5 %
    // +10 % from 2.0 for the 10 % rule; the 5 % rule measures from its firing at 2.1 (+4.8 %).
    expect(fires(HOME, 2, 2.2)).toEqual([ten.id])
    expect(fires(away, 1, 2.1)).toEqual([five.id]) // the other outcome's reference is its own
  })

  it('reports the move in the alert text', () => {
    const fired: AlertFiring[] = []
    const engine = new RuleEngine(
      {
        watchlistsOf: () => [],
        now: () => 42,
        sink: { accept: (f) => fired.push(f) },
        names: { matchName: () => 'Lions v Tigers', describe: () => 'Match winner · Lions' },
      },
      [makeRule(pct5, { name: 'Big moves' })],
    )
    const feed = new TickFeed()
    engine.onPriceChange(feed.change(HOME, 0, 2.0))
    engine.onPriceChange(feed.change(HOME, 12_000, 2.2))
    expect(fired).toHaveLength(1)
    expect(fired[0]).toMatchObject({ matchId: 1, oddType: 'full-time', oddKey: 'match_winner#home', at: 12_000 })
    expect(fired[0]?.text()).toEqual({
      title: 'Lions v Tigers: Match winner · Lions ▲ +10.0 %',
      body: '2.00 → 2.20 in 12 s · Big moves',
    })
  })
})

describe('RuleEngine: no window spans a gap', () => {
  it('a demo price then a real one after a feed switch is no "−83 %" move; later moves count from the real one', () => {
    const hits = firingTicks({ kind: 'move', minPct: 3, windowSeconds: 30 }, [
      [0, 7.0],
      [1, 7.1],
      [5, 1.2, 'resync'], // the feed switched: the real feed's first price
      [6, 1.21], // +0.8 % from the real price: no move
      [7, 1.26], // +5 % from it: a move
    ])
    expect(hits).toEqual([4])
  })

  it('the first price after a reconnect or a restart is neither a move nor a threshold crossing', () => {
    expect(
      firingTicks({ kind: 'move', minPct: 10, windowSeconds: 60 }, [
        [0, 2.0],
        [20, 2.34, 'resync'], // +17 % across the gap
        [21, 2.35],
      ]),
    ).toEqual([])
    expect(
      firingTicks({ kind: 'threshold', price: 2.2, direction: 'either' }, [
        [0, 2.0],
        [20, 2.34, 'resync'],
        [21, 2.1], // crossing down from the resynced price: a real crossing
      ]),
    ).toEqual([2])
  })
})

describe('RuleEngine: threshold rules', () => {
  const at2 = (direction: 'up' | 'down' | 'either'): AlertCondition => ({ kind: 'threshold', price: 2.0, direction })
  it.each<[string, AlertCondition, Tick[], number[]]>([
    [
      'crossing up fires an up rule',
      at2('up'),
      [
        [0, 1.9],
        [1, 2.1],
      ],
      [1],
    ],
    [
      'crossing up does not fire a down rule',
      at2('down'),
      [
        [0, 1.9],
        [1, 2.1],
      ],
      [],
    ],
    [
      'crossing down fires a down rule',
      at2('down'),
      [
        [0, 2.1],
        [1, 1.9],
      ],
      [1],
    ],
    [
      'crossing down does not fire an up rule',
      at2('up'),
      [
        [0, 2.1],
        [1, 1.9],
      ],
      [],
    ],
    [
      'either fires both ways',
      at2('either'),
      [
        [0, 1.9],
        [1, 2.1],
        [2, 1.9],
      ],
      [1, 2],
    ],
    [
      'touching and going back is not crossing',
      at2('either'),
      [
        [0, 1.9],
        [1, 2.0],
        [2, 1.9],
      ],
      [],
    ],
    [
      'touching from above and going back is not crossing',
      at2('either'),
      [
        [0, 2.1],
        [1, 2.0],
        [2, 2.1],
      ],
      [],
    ],
    [
      'touching then passing through fires on the pass',
      at2('up'),
      [
        [0, 1.9],
        [1, 2.0],
        [2, 2.0, true],
        [3, 2.1],
      ],
      [3],
    ],
    [
      'moving on one side never fires',
      at2('either'),
      [
        [0, 2.1],
        [1, 2.5],
        [2, 2.05],
      ],
      [],
    ],
    ['the first price seen is not a crossing', at2('either'), [[0, 2.5]], []],
    [
      'every new crossing fires again',
      at2('up'),
      [
        [0, 1.9],
        [1, 2.1],
        [2, 1.9],
        [3, 2.1],
      ],
      [1, 3],
    ],
  ])('%s', (_name, condition, ticks, expected) => {
    expect(firingTicks(condition, ticks)).toEqual(expected)
  })
})

describe('RuleEngine: suspension rules', () => {
  const on = (o: 'suspended' | 'unsuspended' | 'either'): AlertCondition => ({ kind: 'suspension', on: o })
  const toggles: Tick[] = [
    [0, 2, false],
    [1, 2, true],
    [2, 2, true],
    [3, 2, false],
  ]
  it.each<[string, AlertCondition, Tick[], number[]]>([
    ['suspended', on('suspended'), toggles, [1]],
    ['unsuspended', on('unsuspended'), toggles, [3]],
    ['either', on('either'), toggles, [1, 3]],
    ['the first state seen is not a change', on('either'), [[0, 2, true]], []],
  ])('%s', (_name, condition, ticks, expected) => {
    expect(firingTicks(condition, ticks)).toEqual(expected)
  })
})

function collectingEngine(
  conditions: { condition: AlertCondition; scope?: AlertScope; enabled?: boolean }[],
  watchlists: Record<number, string[]> = {},
) {
  const fired: AlertFiring[] = []
  const rules = conditions.map(({ condition, ...extra }) => makeRule(condition, extra))
  const engine = new RuleEngine(
    { watchlistsOf: (id) => watchlists[id] ?? [], now: () => 0, sink: { accept: (f) => fired.push(f) } },
    rules,
  )
  return { engine, fired, rules }
}

describe('RuleEngine: override and match status rules', () => {
  const override = (action: OverrideEventKind): OverrideEvent => ({
    ...HOME,
    feed: 'demo',
    action,
    oddValue: 2.5,
    previousValue: 2.0,
    suspended: false,
    durationSeconds: 60,
    setAt: 0,
    expiresAt: 60_000,
    serverTs: 0,
    receivedTs: 0,
    own: false,
  })

  it('fires only for the chosen override actions', () => {
    const { engine, fired } = collectingEngine([{ condition: { kind: 'override', actions: ['set', 'expired'] } }])
    for (const action of ['set', 'changed', 'expired', 'lifted'] as const) engine.onOverride(override(action))
    expect(fired.map((f) => f.text().title)).toEqual([
      'Match 1: override set on Match winner · Home',
      'Match 1: override expired on Match winner · Home',
    ])
    expect(fired[0]?.text().body).toBe(`2.00 → 2.50 · ${fired[0]?.rule.name}`)
  })

  const status = (from: MatchStatusChange['from'], to: MatchStatusChange['to']): MatchStatusChange => ({
    matchId: 1,
    from,
    to,
    at: 0,
  })
  const sequence = [
    status(null, 'live'),
    status('upcoming', 'live'),
    status('live', 'live'),
    status('live', 'interrupted'),
    status('interrupted', 'finished'),
  ]
  it.each<['live' | 'finished' | 'either', number[]]>([
    ['live', [1]],
    ['finished', [4]],
    ['either', [1, 4]],
  ])('match status %s fires on real transitions only', (on, expected) => {
    const { engine, fired } = collectingEngine([{ condition: { kind: 'match_status', on } }])
    const hits: number[] = []
    sequence.forEach((change, i) => {
      const before = fired.length
      engine.onMatchStatus(change)
      if (fired.length > before) hits.push(i)
    })
    expect(hits).toEqual(expected)
    expect(fired.every((f) => f.oddType === undefined && f.oddKey === undefined)).toBe(true)
  })
})

describe('RuleEngine: scopes', () => {
  const away = { ...HOME, oddKey: 'match_winner#away' }
  const total = { ...HOME, oddKey: 'total#over' }
  const gameTime = { ...HOME, oddType: 'game-time' }
  const otherMatch = { ...HOME, matchId: 2 }
  const outcomes = { home: HOME, away, total, gameTime, otherMatch }

  it.each<[string, AlertScope, string[]]>([
    ['all', { type: 'all' }, ['home', 'away', 'total', 'gameTime', 'otherMatch']],
    ['watchlist holding match 1', { type: 'watchlist', watchlistId: 'wl-a' }, ['home', 'away', 'total', 'gameTime']],
    ['watchlist holding match 2', { type: 'watchlist', watchlistId: 'wl-b' }, ['otherMatch']],
    ['unknown watchlist', { type: 'watchlist', watchlistId: 'wl-z' }, []],
    ['match', { type: 'match', matchId: 1 }, ['home', 'away', 'total', 'gameTime']],
    ['market by name', { type: 'market', matchId: 1, market: 'match_winner' }, ['home', 'away', 'gameTime']],
    ['market by odd type', { type: 'market', matchId: 1, oddType: 'full-time' }, ['home', 'away', 'total']],
    ['market by both', { type: 'market', matchId: 1, oddType: 'game-time', market: 'match_winner' }, ['gameTime']],
    ['outcome', { type: 'outcome', matchId: 1, oddType: 'full-time', oddKey: 'match_winner#away' }, ['away']],
  ])('%s', (_name, scope, expected) => {
    const { engine, fired } = collectingEngine([{ condition: { kind: 'suspension', on: 'suspended' }, scope }], {
      1: ['wl-a'],
      2: ['wl-b', 'wl-c'],
    })
    const feed = new TickFeed()
    const hit: string[] = []
    for (const [name, ref] of Object.entries(outcomes)) {
      engine.onPriceChange(feed.change(ref, 0, 2, false))
      const before = fired.length
      engine.onPriceChange(feed.change(ref, 1000, 2, true))
      if (fired.length > before) hit.push(name)
    }
    expect(hit).toEqual(expected)
  })

  it('disabled rules never fire, enabled ones beside them do', () => {
    const { engine, fired, rules } = collectingEngine([
      { condition: { kind: 'suspension', on: 'either' }, enabled: false },
      { condition: { kind: 'threshold', price: 2, direction: 'either' }, enabled: true },
    ])
    const feed = new TickFeed()
    engine.onPriceChange(feed.change(HOME, 0, 1.9, false))
    engine.onPriceChange(feed.change(HOME, 1000, 2.1, true))
    expect(fired.map((f) => f.rule.id)).toEqual([rules[1]?.id])
  })

  it('setRules replaces the rule set', () => {
    const { engine, fired } = collectingEngine([{ condition: { kind: 'suspension', on: 'either' } }])
    engine.setRules([])
    const feed = new TickFeed()
    engine.onPriceChange(feed.change(HOME, 0, 2, false))
    engine.onPriceChange(feed.change(HOME, 1000, 2, true))
    expect(fired).toEqual([])
  })
})
