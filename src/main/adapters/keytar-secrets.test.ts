/**
 * Against a real Secret Service: run under
 *   XDG_DATA_HOME=$(mktemp -d) dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock
 *   --components=secrets >/dev/null; npx vitest run src/main/adapters'
 * Without one, these tests fail (on purpose: a keychain that silently is not there must be seen).
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { KeytarSecretStore } from './keytar-secrets'

// A service name of its own per run: tests must never touch a real user's "Odds Monitor" keys.
const service = `Odds Monitor test ${randomUUID()}`

describe('KeytarSecretStore in a real Secret Service', () => {
  it('stores, reads, replaces and deletes a key per account', async () => {
    const store = new KeytarSecretStore(service)
    expect(await store.get('data-service')).toBeNull()
    await store.set('data-service', 'first-key')
    await store.set('odds-feed', 'odds-key')
    await store.set('data-service', 'second-key')
    expect(await store.get('data-service')).toBe('second-key')
    expect(await store.get('odds-feed')).toBe('odds-key')
    // A second instance reads what the first wrote: the key really is in the keychain.
    expect(await new KeytarSecretStore(service).get('odds-feed')).toBe('odds-key')
    expect(await store.delete('data-service')).toBe(true)
    expect(await store.delete('data-service')).toBe(false)
    expect(await store.get('data-service')).toBeNull()
    await store.delete('odds-feed')
  })

  it('says "no keychain available" plainly when there is no D-Bus session, and keeps the key out of it', async () => {
    const probe = fileURLToPath(new URL('./keytar-probe.fixture.ts', import.meta.url))
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', probe, service, 'never-stored-secret'],
      { env },
    )
    const outcome = JSON.parse(stdout) as Record<string, unknown>
    const noKeychain = 'no keychain available (no D-Bus session)'
    expect(outcome).toEqual({
      adapterError: { name: 'SecretStoreError', message: noKeychain },
      setKey: { ok: false, error: { code: 'no_keychain', message: noKeychain } },
      status: { ok: false, error: { code: 'no_keychain', message: noKeychain } },
    })
    expect(stdout).not.toContain('never-stored-secret')
  })
})
