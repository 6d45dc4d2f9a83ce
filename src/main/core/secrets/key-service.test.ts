/**
 * KeyService over the real keychain (keytar + a Secret Service under dbus-run-session) and the
 * real feed clients against the simulator. Fails, never skips, when no Secret Service is running.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator } from '../../../sim'
import { KeytarSecretStore } from '../../adapters/keytar-secrets'
import { DataServiceClient } from '../clients/data-service/data-service-client'
import { HttpClient } from '../clients/http/http-client'
import { OddsClient } from '../clients/odds/odds-client'
import { KeyService, type KeyChange } from './key-service'
import type { SecretStore } from './secret-store'
import { feedKeyTesters } from './key-testers'

type Sim = Awaited<ReturnType<typeof startSimulator>>
let sim: Sim
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, rate: 10 })
})
afterAll(() => sim.close())

/** The feed clients against the simulator, reading their keys from the KeyService as main wires them. */
function simulatorTesters(keys: () => KeyService, logs: string[]) {
  const settings = {
    sport: 'badminton',
    dataBaseUrl: sim.dataBaseUrl,
    imageBaseUrl: sim.imageBaseUrl,
    language: 'en',
    oddsBaseUrl: sim.oddsBaseUrl,
    bookmakerId: sim.bookmakerId,
  }
  const httpFor = (account: 'data-service' | 'odds-feed'): HttpClient =>
    new HttpClient({ service: account, getKey: () => keys().getKey(account), log: (line) => logs.push(line) })
  const data = new DataServiceClient({ http: httpFor('data-service'), settings: () => settings })
  const odds = new OddsClient({ http: httpFor('odds-feed'), settings: () => settings })
  return feedKeyTesters(
    data,
    odds,
    () => settings.sport,
    () => 'bearer',
  )
}

describe('KeyService with a real keychain and the simulator', () => {
  it('sets, tests, replaces and removes keys; only "set" and test results ever come out', async () => {
    const service = `Odds Monitor test ${randomUUID()}`
    const store = new KeytarSecretStore(service)
    const logs: string[] = []
    const changes: KeyChange[] = []
    const keys: KeyService = new KeyService({ store, testers: simulatorTesters(() => keys, logs) })
    keys.onChange((change) => changes.push(change))

    const unset = { set: false, lastTest: null }
    expect(await keys.status()).toEqual({ ok: true, value: { 'data-service': unset, 'odds-feed': unset } })
    expect(await keys.testKey('odds-feed')).toMatchObject({ ok: true, value: { ok: false, message: 'no key set' } })
    expect(logs).toEqual([])

    expect(await keys.setKey('data-service', `  ${sim.apiKey}  `)).toEqual({
      ok: true,
      value: { set: true, lastTest: null },
    })
    expect(await new KeytarSecretStore(service).get('data-service')).toBe(sim.apiKey)
    expect(await keys.testKey('data-service')).toMatchObject({ ok: true, value: { ok: true, message: 'key works' } })
    expect(logs.at(-1)).toMatch(/^GET \/data\/badminton\/classes\?limit=1&offset=0&lang=en → 200/)

    const wrong = 'wrong-key-4b1d'
    await keys.setKey('odds-feed', wrong)
    // A rejected key may be the other kind: the answer says where that is set.
    const rejected =
      'key rejected (sent as a dashboard key; if it is a marketplace key, change "Odds feed key kind" in Settings)'
    expect(await keys.testKey('odds-feed')).toMatchObject({ ok: true, value: { ok: false, message: rejected } })
    await keys.setKey('odds-feed', sim.apiKey)
    expect(await keys.testKey('odds-feed')).toMatchObject({ ok: true, value: { ok: true, message: 'key works' } })

    const status = await keys.status()
    expect(status).toMatchObject({
      ok: true,
      value: {
        'data-service': { set: true, lastTest: { ok: true } },
        'odds-feed': { set: true, lastTest: { ok: true } },
      },
    })
    expect(await keys.setKey('odds-feed', 'has a space')).toEqual({
      ok: false,
      error: { code: 'invalid_key', message: 'a key must be 1 to 4096 visible characters, without spaces' },
    })

    expect(await keys.removeKey('odds-feed')).toEqual({ ok: true, value: { set: false, lastTest: null } })
    expect(await new KeytarSecretStore(service).get('odds-feed')).toBeNull()
    await keys.removeKey('data-service')

    expect(changes.map((c) => `${c.account}:${c.reason}:${c.status.set}`)).toEqual([
      'odds-feed:tested:false',
      'data-service:set:true',
      'data-service:tested:true',
      'odds-feed:set:true',
      'odds-feed:tested:true',
      'odds-feed:set:true',
      'odds-feed:tested:true',
      'odds-feed:removed:false',
      'data-service:removed:false',
    ])
    const everythingSeen = JSON.stringify({ logs, changes, status })
    expect(everythingSeen).not.toContain(sim.apiKey)
    expect(everythingSeen).not.toContain(wrong)
  })

  it('reads every account from the keychain at once for the status the start waits on', async () => {
    const keychain = new KeytarSecretStore(`Odds Monitor test ${randomUUID()}`)
    await keychain.set('odds-feed', 'a-key')
    // The real keychain, with each read's start and end noted on the way through.
    const reads: string[] = []
    const store: SecretStore = {
      get: async (account) => {
        reads.push(`start ${account}`)
        const key = await keychain.get(account)
        reads.push(`end ${account}`)
        return key
      },
      set: (account, secret) => keychain.set(account, secret),
      delete: (account) => keychain.delete(account),
    }
    // Never asked here (status tests no key), but the real ones against the simulator.
    const keys: KeyService = new KeyService({ store, testers: simulatorTesters(() => keys, []) })
    expect(await keys.status()).toEqual({
      ok: true,
      value: { 'data-service': { set: false, lastTest: null }, 'odds-feed': { set: true, lastTest: null } },
    })
    expect(reads.slice(0, 2).sort()).toEqual(['start data-service', 'start odds-feed'])
    await keychain.delete('odds-feed')
  })
})
