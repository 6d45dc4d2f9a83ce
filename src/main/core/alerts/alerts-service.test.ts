import { describe, expect, it } from 'vitest'
import type { AlertRuleDraft } from '../../../shared/alerts'
import type { KeyValueStore } from '../settings'
import { AlertsService } from './alerts-service'
import type { SystemNotification } from './ports'

function memoryStore(): KeyValueStore {
  const data = new Map<string, unknown>()
  return { get: (k) => structuredClone(data.get(k)), set: (k, v) => void data.set(k, structuredClone(v)) }
}

const draft: AlertRuleDraft = {
  name: 'Big move',
  enabled: true,
  scope: { type: 'all' },
  condition: { kind: 'threshold', price: 2, direction: 'either' },
  cooldownSeconds: 0,
  doNotRepeat: false,
  cooldownPer: 'outcome',
}

function makeService(store: KeyValueStore, notified: SystemNotification[] = []) {
  return new AlertsService({ store, notifier: { notify: (n) => notified.push(n) }, watchlistsOf: () => [] })
}

describe('AlertsService', () => {
  it('persists rules and delivery settings across instances', () => {
    const store = memoryStore()
    const first = makeService(store)
    const saved = first.saveRule(draft)
    first.saveRule({ ...saved, name: 'Renamed' })
    first.setDeliverySettings({ coalesceSeconds: 0, quietHours: { start: '22:00', end: '06:00' }, muted: true })
    const second = makeService(store)
    expect(second.listRules()).toEqual([{ ...saved, name: 'Renamed' }])
    expect(second.deliverySettings().muted).toBe(true)
    expect(second.deleteRule(saved.id)).toEqual([])
    expect(makeService(store).listRules()).toEqual([])
  })

  it('refuses to replace a rule that does not exist', () => {
    expect(() => makeService(memoryStore()).saveRule({ ...draft, id: 'missing' })).toThrow('that rule no longer exists')
  })

  it('fires a saved rule from a price change into the in-app list and the notifier', () => {
    const notified: SystemNotification[] = []
    const service = makeService(memoryStore(), notified)
    service.setDeliverySettings({ coalesceSeconds: 0, quietHours: null, muted: false })
    service.saveRule(draft)
    const tick = {
      matchId: 9,
      oddType: 'full-time',
      oddKey: 'match_winner#home',
      suspended: false,
      serverTs: 1,
      receivedTs: 1,
    }
    const base = { previousSuspended: false, direction: 'up' as const, delta: 0, deltaPct: 0 }
    service.engine.onPriceChange({ ...tick, ...base, price: 1.9, previousPrice: null })
    service.engine.onPriceChange({ ...tick, ...base, price: 2.1, previousPrice: 1.9 })
    expect(service.list().unread).toBe(1)
    expect(notified).toHaveLength(1)
    expect(notified[0]?.matchId).toBe(9)
    expect(service.markRead('all').unread).toBe(0)
  })
})
