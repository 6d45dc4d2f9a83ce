/**
 * The browser host serves its page before its core is up (the page's first paint waits on the
 * browser fetching and parsing the page far more than on the core): the real server over real
 * sockets, with the real browser-host core held back until the test lets it start. Needs the
 * keychain of scripts/test.sh (a private D-Bus session with gnome-keyring).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppInfo } from '../shared/bridge/contract'
import type { AppHealth } from '../shared/health'
import { rawRequest, rawUpgrade } from '../test-support/raw-http'
import { KeytarSecretStore } from '../main/adapters/keytar-secrets'
import { createBrowserHostCore } from './host-core'
import { BRIDGE_SCRIPT_PATH } from './protocol'
import { startHost, type HostOptions, type RunningHost } from './server'
import { connectBridge, type BridgeClient } from './test-bridge-client'

const running: Array<RunningHost | BridgeClient> = []
/** A host closes once its core is up (it stops it then): each held core is let go at the end. */
const gates: Array<() => void> = []
afterEach(async () => {
  for (const release of gates.splice(0)) release()
  for (const item of running.splice(0).reverse()) await item.close()
})

/** A host whose core starts only once `release()` is called. */
async function hostWithHeldCore(
  options: Pick<HostOptions, 'headersTimeoutMs'> = {},
): Promise<{ host: RunningHost; release: () => void; released: () => boolean }> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'odds-renderer-'))
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/index.js"></script></head><body>board</body></html>',
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-host-'))
  let release = () => {}
  let isReleased = false
  const gate = new Promise<void>((resolve) => (release = resolve))
  gates.push(release)
  const log = { info: () => {}, error: () => {} }
  const host = await startHost({
    ...options,
    port: 0,
    rendererDir,
    createCore: async (origin, ports) => {
      await gate
      isReleased = true
      const secrets = new KeytarSecretStore()
      return createBrowserHostCore({ dataDir, version: '0.0.0', origin, ports, log, secrets, demoFeed: { rate: 20 } })
    },
  })
  running.push(host)
  return { host, release, released: () => isReleased }
}

describe('the browser host at start', () => {
  it('serves the page and its bridge script while its core is still starting', async () => {
    const { host, released } = await hostWithHeldCore()
    const page = await fetch(host.url)
    expect(page.status).toBe(200)
    const html = await page.text()
    // Deferred, and before the renderer's module: it runs first without holding up the parser.
    expect(html).toContain(`<script defer src="${BRIDGE_SCRIPT_PATH}"></script>`)
    expect(html.indexOf(BRIDGE_SCRIPT_PATH)).toBeLessThan(html.indexOf('type="module"'))
    const script = await fetch(`${host.origin}${BRIDGE_SCRIPT_PATH}?token=${host.token}`)
    expect(script.status).toBe(200)
    expect(await script.text()).toContain('__host/bridge')
    expect(released()).toBe(false)
  })

  it('answers a bridge call the page made before the core was up, once it is', async () => {
    const { host, release, released } = await hostWithHeldCore()
    const bridge = await connectBridge(host.origin, host.token)
    running.push(bridge)
    const info = bridge.invoke<AppInfo>('app:info').then((answer) => ({ answer, afterRelease: released() }))
    release()
    expect(await info).toEqual({ answer: expect.objectContaining({ name: 'Odds Monitor' }), afterRelease: true })
  })

  it('counts a request it refused before the core was up, once the core is', async () => {
    const { host, release } = await hostWithHeldCore()
    expect((await fetch(`${host.origin}/?token=wrong`)).status).toBe(403)
    release()
    const bridge = await connectBridge(host.origin, host.token)
    running.push(bridge)
    await vi.waitFor(
      async () =>
        expect((await bridge.invoke<AppHealth>('feed:health')).faults.byKind).toMatchObject({ 'refused:host-door': 1 }),
      { timeout: 10_000, interval: 100 },
    )
  })
})

describe('the browser host at start, under malformed requests', () => {
  /** An upgrade whose target no URL parser takes, on a raw socket: the status line, once the host closed it. */
  async function malformedUpgrade(host: RunningHost): Promise<string> {
    const port = Number(new URL(host.origin).port)
    return (await rawRequest(port, rawUpgrade(port, host.origin, `//[?token=${host.token}`))).statusLine
  }

  it('refuses them before its core is up, closes them, and counts them once it is', async () => {
    const { host, release, released } = await hostWithHeldCore()
    const answers = await Promise.all(Array.from({ length: 20 }, () => malformedUpgrade(host)))
    expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 403 Forbidden']))
    expect(released()).toBe(false)
    release()
    const bridge = await connectBridge(host.origin, host.token)
    running.push(bridge)
    expect((await bridge.invoke<AppHealth>('feed:health')).faults.byKind).toEqual({ 'refused:host-door': 20 })
  })
})

describe('the browser host under slow headers (slowloris)', () => {
  it('answers 408 and closes a connection whose headers do not end in time', async () => {
    const { host } = await hostWithHeldCore({ headersTimeoutMs: 400 })
    const port = Number(new URL(host.origin).port)
    // One header line and no blank line: the request never ends. Before, Node held it for a minute.
    const answer = await rawRequest(
      port,
      `GET /?token=${host.token} HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\n`,
    )
    expect(answer).toEqual({ statusLine: 'HTTP/1.1 408 Request Timeout', closedByHost: true })
  })
})
