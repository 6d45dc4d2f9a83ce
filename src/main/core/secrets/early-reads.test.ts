/** The keychain's first reads started early, over the real keychain (Secret Service, see scripts/test.sh). */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KeytarSecretStore } from '../../adapters/keytar-secrets'
import { readKeysEarly } from './early-reads'
import type { SecretStore } from './secret-store'

describe('reading the keys early', () => {
  it('asks the keychain for every key at once, hands each answer out once, then reads afresh', async () => {
    const keychain = new KeytarSecretStore(`Odds Monitor test ${randomUUID()}`)
    await keychain.set('odds-feed', 'first-key')
    // The real keychain, with every read noted on the way through.
    const reads: string[] = []
    const noted: SecretStore = {
      get: (account) => {
        reads.push(account)
        return keychain.get(account)
      },
      set: (account, secret) => keychain.set(account, secret),
      delete: (account) => keychain.delete(account),
    }
    const keys = readKeysEarly(noted)
    expect([...reads].sort()).toEqual(['data-service', 'odds-feed'])

    expect(await keys.get('odds-feed')).toBe('first-key')
    expect(reads).toHaveLength(2)
    await keychain.set('odds-feed', 'second-key')
    expect(await keys.get('odds-feed')).toBe('second-key')
    expect(reads).toHaveLength(3)

    // A key set before its early read was taken: the read is dropped, the new key read.
    await keys.set('data-service', 'set-meanwhile')
    expect(await keys.get('data-service')).toBe('set-meanwhile')
    await keys.delete('data-service')
    await keys.delete('odds-feed')
  })
})
