import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS } from '../../../shared/settings'
import { BridgeFailure } from '../../../shared/bridge/result'
import { BridgeRouter } from './router'
import { isAppUrl } from './trust'

const APP = 'http://127.0.0.1:4000'
const fromApp = { url: `${APP}/index.html` }

function makeRouter() {
  return new BridgeRouter({ isTrustedSender: (url) => isAppUrl(url, { kind: 'origin', origin: APP }) })
}

describe('BridgeRouter.dispatch', () => {
  it('parses valid input, runs the handler and answers its value', async () => {
    const router = makeRouter()
    const handler = vi.fn((patch: { theme?: 'dark' | 'light' }) => ({ ...DEFAULT_SETTINGS, ...patch }))
    router.handle('settings:update', handler)
    const result = await router.dispatch('settings:update', { theme: 'light' }, fromApp)
    expect(result).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, theme: 'light' } })
    expect(handler).toHaveBeenCalledWith({ theme: 'light' }, fromApp)
  })

  it('answers invalid_input and does not call the handler for input outside the contract', async () => {
    const router = makeRouter()
    const handler = vi.fn(() => DEFAULT_SETTINGS)
    router.handle('settings:update', handler)
    for (const bad of [{ theme: 'pink' }, { conflationMs: 1 }, { unknownKey: 1 }, 'text', null]) {
      const result = await router.dispatch('settings:update', bad, fromApp)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('invalid_input')
    }
    expect(handler).not.toHaveBeenCalled()
  })

  it("words a refusal by field in a trader's words, not zod's", async () => {
    const router = makeRouter()
    router.handle('settings:update', () => DEFAULT_SETTINGS)
    const refusal = async (bad: unknown) => {
      const result = await router.dispatch('settings:update', bad, fromApp)
      return result.ok ? null : result.error.message
    }
    expect(await refusal({ conflationMs: 8.5 })).toBe('conflationMs: must be a whole number')
    expect(await refusal({ conflationMs: 1 })).toBe('conflationMs: must be at least 8')
  })

  it('answers unknown_channel for a name outside the contract', async () => {
    const result = await makeRouter().dispatch('fs:readFile', '/etc/passwd', fromApp)
    expect(result).toEqual({ ok: false, error: { code: 'unknown_channel', message: 'unknown channel "fs:readFile"' } })
  })

  it('refuses a sender from another origin before looking at the channel', async () => {
    const router = makeRouter()
    const handler = vi.fn(() => DEFAULT_SETTINGS)
    router.handle('settings:get', handler)
    for (const url of ['http://127.0.0.1:4001/', 'https://evil.example/', 'file:///tmp/x.html', '']) {
      const result = await router.dispatch('settings:get', undefined, { url: url || 'not a url' })
      expect(result.ok ? null : result.error.code).toBe('forbidden_sender')
    }
    expect(handler).not.toHaveBeenCalled()
  })

  it('turns a BridgeFailure into its code and words, and a crash into a generic internal error', async () => {
    const onHandlerError = vi.fn()
    const router = new BridgeRouter({ isTrustedSender: () => true, onHandlerError })
    router.handle('settings:get', () => {
      throw new BridgeFailure('key_rejected', 'key rejected')
    })
    router.handle('app:info', () => {
      throw new Error('secret detail at /home/x')
    })
    expect(await router.dispatch('settings:get', undefined, fromApp)).toEqual({
      ok: false,
      error: { code: 'key_rejected', message: 'key rejected' },
    })
    const crash = await router.dispatch('app:info', undefined, fromApp)
    expect(crash.ok ? '' : crash.error.message).not.toContain('secret detail')
    expect(crash.ok ? '' : crash.error.code).toBe('internal')
    expect(onHandlerError).toHaveBeenCalledOnce()
  })

  it('refuses a handler answer that breaks the output schema', async () => {
    const router = makeRouter()
    router.handle('settings:get', () => ({ theme: 'dark' }) as never)
    const result = await router.dispatch('settings:get', undefined, fromApp)
    expect(result.ok ? '' : result.error.code).toBe('invalid_output')
  })
})

describe('BridgeRouter.emit', () => {
  it('delivers a valid payload to every sink until the sink is removed', () => {
    const router = makeRouter()
    const received: unknown[] = []
    const remove = router.addSink((channel, payload) => received.push([channel, payload]))
    router.emit('app:heartbeat', { ts: 1, uptimeMs: 2 })
    remove()
    router.emit('app:heartbeat', { ts: 3, uptimeMs: 4 })
    expect(received).toEqual([['app:heartbeat', { ts: 1, uptimeMs: 2 }]])
  })

  it('drops a payload outside the contract without throwing, reports it and tells the pages to resync', () => {
    const dropped: unknown[] = []
    const router = new BridgeRouter({
      isTrustedSender: () => true,
      onEmitDropped: (channel, reason) => dropped.push([channel, reason]),
    })
    const received: unknown[] = []
    router.addSink((channel, payload) => received.push([channel, payload]))
    expect(() => router.emit('board:patch', { seq: 'one' } as never)).not.toThrow()
    expect(received).toEqual([['bridge:dropped', { channel: 'board:patch' }]])
    expect(dropped).toEqual([['board:patch', expect.stringContaining('outside its schema: seq:')]])
  })

  it('a transport that throws is reported and does not keep the event from the others', () => {
    const dropped: unknown[] = []
    const router = new BridgeRouter({ isTrustedSender: () => true, onEmitDropped: (channel) => dropped.push(channel) })
    const received: unknown[] = []
    router.addSink(() => {
      throw new Error('socket gone')
    })
    router.addSink((channel) => received.push(channel))
    router.emit('app:heartbeat', { ts: 1, uptimeMs: 2 })
    expect(received).toEqual(['app:heartbeat'])
    expect(dropped).toEqual(['app:heartbeat'])
  })

  it('trusting hosts send events as built, unparsed; by default each is checked and copied', () => {
    const payload = { ts: 1, uptimeMs: 2 }
    const trusting = new BridgeRouter({ isTrustedSender: () => true, checkEvents: false })
    const checking = makeRouter()
    const sent: unknown[] = []
    for (const router of [trusting, checking]) {
      router.addSink((_channel, p) => sent.push(p))
      router.emit('app:heartbeat', payload)
    }
    expect(sent[0]).toBe(payload)
    expect(sent[1]).toEqual(payload)
    expect(sent[1]).not.toBe(payload)
  })
})
