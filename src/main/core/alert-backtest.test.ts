/**
 * "Try on recorded data" through the whole core (test-support.ts: the simulator on loopback, a real
 * SQLite cache, the real rule engine): a rule re-run over what the cache recorded fires exactly as it
 * did live, and an edited rule shows what it would have done instead.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BacktestResult } from '../../shared/alert-backtest'
import type { AlertEntry, AlertRule } from '../../shared/alerts'
import type { Core } from './app'
import { eventually, invoke, startTestCore, watchFirstLive } from './test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

async function startCore(): Promise<Core> {
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-backtest-')), { demo: { rate: 100 } })
  running.push({ close: () => core.stop() })
  return core
}

const moves = (minPct: number) => ({
  name: 'Moves',
  enabled: true,
  scope: { type: 'all' },
  condition: { kind: 'move', minPct, windowSeconds: 30 },
  cooldownSeconds: 2,
  doNotRepeat: false,
})

type Worded = { matchId: number; oddType?: string; oddKey?: string; title: string; body: string }

/**
 * What the trader reads of alerts: when, where, and their words, in time order (two in the same
 * millisecond in the order of their words: the cache keeps no order among them).
 */
const seen = (alerts: Array<Worded & { at: number }>) =>
  alerts
    .map(({ at, matchId, oddType, oddKey, title, body }) => ({ at, matchId, oddType, oddKey, title, body }))
    .sort((a, b) => a.at - b.at || a.title.localeCompare(b.title))

/** Records a desk with a move rule until it has fired `count` times; answers the rule and the range. */
async function recordFirings(core: Core, count: number): Promise<{ rule: AlertRule; from: number; to: number }> {
  const from = Date.now()
  // Saved before the first price arrives: the live rule sees every recorded tick, as the backtest does.
  const rule = await invoke<AlertRule>(core, 'rules:save', moves(1))
  await watchFirstLive(core)
  await eventually(
    () => invoke<{ entries: AlertEntry[] }>(core, 'alerts:list'),
    (list) => list.entries.filter((e) => e.ruleId === rule.id).length >= count,
    60_000,
  )
  return { rule, from, to: Date.now() }
}

describe('alerts:backtest', () => {
  it('finds again exactly the alerts a rule raised live (same times, outcomes and words), and more for a lower threshold', async () => {
    const core = await startCore()
    const { rule, from, to } = await recordFirings(core, 6)

    const again = await invoke<BacktestResult>(core, 'alerts:backtest', { rule, from, to })
    expect(again.didFire.length).toBeGreaterThanOrEqual(6)
    expect(seen(again.wouldFire)).toEqual(seen(again.didFire.map((e) => ({ ...e, at: e.createdAt }))))
    expect(again.capped).toBeNull()
    expect(again.ticksRead).toBeGreaterThan(again.wouldFire.length)

    // The same rule edited to a lower threshold: more would have fired than did.
    const edited = { ...rule, condition: { kind: 'move', minPct: 0.2, windowSeconds: 30 } }
    const lower = await invoke<BacktestResult>(core, 'alerts:backtest', { rule: edited, from, to })
    expect(lower.didFire).toEqual(again.didFire)
    expect(lower.wouldFire.length).toBeGreaterThan(lower.didFire.length)
    // The saved rule is what it was: trying an edit changes nothing live.
    expect(await invoke(core, 'rules:list')).toEqual([rule])
  })

  it('tries a new rule (nothing did fire) and compares with a saved one when asked; refuses what it cannot try, in words', async () => {
    const core = await startCore()
    const { rule, from, to } = await recordFirings(core, 1)

    const draft = moves(0.3)
    const alone = await invoke<BacktestResult>(core, 'alerts:backtest', { rule: draft, from, to })
    expect(alone.didFire).toEqual([])
    expect(alone.wouldFire.length).toBeGreaterThan(0)
    const compared = await invoke<BacktestResult>(core, 'alerts:backtest', {
      rule: draft,
      compareWith: rule.id,
      from,
      to,
    })
    expect(compared.didFire.map((e) => e.ruleId)).toContain(rule.id)

    const override = { ...draft, condition: { kind: 'override', actions: ['set'] } }
    await expect(invoke(core, 'alerts:backtest', { rule: override, from, to })).rejects.toThrow(
      'alerts:backtest: invalid_input Only price rules (moves, thresholds, suspensions) can be tried on recorded data',
    )
    await expect(invoke(core, 'alerts:backtest', { rule: draft, from: to, to: from })).rejects.toThrow(
      'The range must end after it starts',
    )
  })
})
