/** What the scrubber replaces (keys, by value and by shape) and what it leaves for the reader. */
import { describe, expect, it } from 'vitest'
import type { KeyAccount, SecretStore } from '../secrets/secret-store'
import { REDACTED, SecretScrubber } from './secret-scrubber'

describe('SecretScrubber', () => {
  it.each([
    ['wss://h/live/odds?token=abc123&x=1', `wss://h/live/odds?token=${REDACTED}&x=1`],
    ['Authorization: Bearer abc.def', `Authorization: ${REDACTED}`],
    ['sent Bearer abc.def to the server', `sent Bearer ${REDACTED} to the server`],
    ['{"apiKey":"abc","n":1}', `{"apiKey":"${REDACTED}","n":1}`],
    ['x-rapidapi-key: k1', `x-rapidapi-key: ${REDACTED}`],
    ['id 3f9a0c7e5b1d4a2f8e6c0b9d7a5f3e1c seen', `id ${REDACTED} seen`],
    ['sk_live_Q2xhdWRlU2F5c0hpVGhlcmU5', `sk_live_${REDACTED}`],
  ])('scrubs %s', (input, output) => {
    expect(new SecretScrubber().scrub(input)).toBe(output)
  })

  it.each([
    'keys:changed for data-service',
    'TypeError: Cannot read properties of undefined (reading oddKey)',
    '    at processTicksAndRejections (node:internal/process/task_queues:105:5)',
    'board:patch failed its schema at cells.0.price: expected number',
    '/tmp/odds-e2e-abc/crashes/2026-11-23T10-00-00-000Z-host.json',
  ])('leaves %s as it is', (text) => {
    expect(new SecretScrubber().scrub(text)).toBe(text)
  })

  it('changes nothing in text it already scrubbed', () => {
    const scrubber = new SecretScrubber()
    const once = scrubber.scrub('GET /live?token=abc123 Authorization: Bearer abc.def; sent Bearer xyz.uvw')
    expect(once).toBe(`GET /live?token=${REDACTED} Authorization: ${REDACTED}; sent Bearer ${REDACTED}`)
    expect(scrubber.scrub(once)).toBe(once)
  })

  it('remembers the keys that pass through the keychain port, read or written', async () => {
    const stored = new Map<KeyAccount, string>([['odds-feed', 'read-key-1']])
    const store: SecretStore = {
      get: async (account) => stored.get(account) ?? null,
      set: async (account, secret) => void stored.set(account, secret),
      delete: async (account) => stored.delete(account),
    }
    const scrubber = new SecretScrubber()
    const watched = scrubber.watch(store)
    await watched.set('data-service', 'written-key-2')
    expect(await watched.get('odds-feed')).toBe('read-key-1')
    expect(stored.get('data-service')).toBe('written-key-2')
    expect(scrubber.scrub('a read-key-1 b written-key-2 c')).toBe(`a ${REDACTED} b ${REDACTED} c`)
  })

  it('replaces a known key echoed back reversed, lower- or upper-cased, or in base64, also inside longer base64', () => {
    const key = 'Kx7-MixedCase_Key-42'
    const scrubber = new SecretScrubber()
    scrubber.remember(key)
    const reversed = [...key].reverse().join('')
    const echoes = [
      reversed,
      key.toLowerCase(),
      key.toUpperCase(),
      reversed.toLowerCase(),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      Buffer.from(key.toLowerCase()).toString('base64'),
      Buffer.from(reversed).toString('base64'),
      Buffer.from(`{"key":"${key}"}`).toString('base64'), // the key one and two bytes into an encoded text
      Buffer.from(`{"apikey":"${key}"}`).toString('base64'),
      Buffer.from(`x${key}`).toString('base64'),
    ]
    for (const echo of echoes) {
      const scrubbed = scrubber.scrub(`echo: ${echo} end`)
      expect(scrubbed, echo).toContain(REDACTED)
      // What was replaced is the key's whole length at least (its base64 is a third longer).
      const kept = scrubbed.length - REDACTED.length - 'echo:  end'.length
      expect(echo.length - kept, echo).toBeGreaterThanOrEqual(key.length - 2)
    }
    expect(scrubber.scrub('board:patch failed its schema')).toBe('board:patch failed its schema')
  })
})
