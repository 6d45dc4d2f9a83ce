import { describe, expect, it } from 'vitest'
import { parseJsonSafely } from './safe-json'

describe('parseJsonSafely', () => {
  it('parses plain JSON', () => {
    expect(parseJsonSafely('{"a":[1,{"b":"x"}]}')).toEqual({ ok: true, value: { a: [1, { b: 'x' }] } })
  })

  it.each([
    ['{"__proto__":{"polluted":true}}', '__proto__'],
    ['{"a":{"constructor":{"prototype":{"polluted":true}}}}', 'prototype'],
    ['[{"x":1},{"\\u005f_proto__":{"polluted":true}}]', '__proto__'],
  ])('refuses %s: a key that could reach a prototype', (text, key) => {
    expect(parseJsonSafely(text)).toEqual({ ok: false, reason: 'forbidden-key', detail: `key "${key}"` })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('keeps such words as values', () => {
    expect(parseJsonSafely('{"team":"constructor","note":"__proto__"}')).toMatchObject({ ok: true })
  })

  it.each(['{"type":"price","price":2.', '', 'NaN', '{"a":1}}'])('refuses %j as not JSON', (text) => {
    expect(parseJsonSafely(text)).toMatchObject({ ok: false, reason: 'not-json' })
  })

  it('lets a proof of the parsed value stand in for the scan, and guards whatever it does not prove', () => {
    const proofSaw: unknown[] = []
    const flatPair = (value: unknown) => {
      proofSaw.push(value)
      return typeof value === 'object' && value !== null && Object.keys(value).join() === 'type,n'
    }
    expect(parseJsonSafely('{"type":"constructor","n":1}', flatPair)).toEqual({
      ok: true,
      value: { type: 'constructor', n: 1 },
      proven: true,
    })
    // Not proven, and clean: parsed and scanned, and says it was not proven.
    expect(parseJsonSafely('{"type":"x"}', flatPair)).toEqual({ ok: true, value: { type: 'x' } })
    expect(parseJsonSafely('{"type":"x","n":1,"constructor":{"prototype":{"polluted":true}}}', flatPair)).toEqual({
      ok: false,
      reason: 'forbidden-key',
      detail: 'key "prototype"',
    })
    expect(parseJsonSafely('{"\\u005f_proto__":{"polluted":true},"type":"x","n":1}', flatPair)).toMatchObject({
      ok: false,
      reason: 'forbidden-key',
    })
    expect(parseJsonSafely('{"type":"x","n":', flatPair)).toMatchObject({ ok: false, reason: 'not-json' })
    // It was asked about every value that parsed, before any scan: the four above, not the truncated one.
    expect(proofSaw.map((v) => (v as { type: string }).type)).toEqual(['constructor', 'x', 'x', 'x'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
