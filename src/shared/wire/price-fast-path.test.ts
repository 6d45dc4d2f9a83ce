/**
 * The hand-checked price fast path must never accept what the `PriceMessage` schema refuses, and
 * what it accepts must read exactly as the schema's output: every field of a valid message is
 * swapped for hostile values, removed, inherited, and the whole message is dressed as other things.
 */
import { describe, expect, it } from 'vitest'
import { isPlainPriceMessage, PriceMessage } from './odds'

const valid = {
  type: 'price',
  matchId: 1201,
  oddType: 'full-time',
  oddKey: 'match_winner#home',
  price: 1.83,
  suspended: false,
  seq: 42,
  ts: 1_780_000_000_000,
}

const HOSTILE_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1.5,
  -1,
  NaN,
  Infinity,
  -Infinity,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER - 1,
  '',
  '1',
  'price',
  true,
  false,
  [],
  [1],
  {},
  { value: 1.9 },
  { price: 2 },
  { valueOf: () => 2 },
  new Number(2),
  new String('price'),
  new Date(0),
  10n,
  Symbol('x'),
  () => 1,
]

function variants(): Array<{ label: string; input: unknown }> {
  const out: Array<{ label: string; input: unknown }> = [{ label: 'valid', input: { ...valid } }]
  for (const key of Object.keys(valid)) {
    for (const value of HOSTILE_VALUES)
      out.push({ label: `${key}=${String(value)}`, input: { ...valid, [key]: value } })
    const { [key]: _dropped, ...without } = valid as Record<string, unknown>
    out.push({ label: `no ${key}`, input: without })
    out.push({
      label: `${key} inherited`,
      input: Object.assign(Object.create({ [key]: valid[key as keyof typeof valid] }), without),
    })
  }
  out.push(
    { label: 'extra fields', input: { ...valid, bookmaker: 'x', nested: { a: [1] } } },
    { label: 'array', input: Object.assign([], valid) },
    { label: 'null prototype', input: Object.assign(Object.create(null), valid) },
    { label: 'all inherited', input: Object.create(valid) },
    { label: 'class instance', input: Object.assign(new (class Msg {})(), valid) },
    { label: '__proto__ key', input: JSON.parse(`{"__proto__":{"seq":"x"},${JSON.stringify(valid).slice(1)}`) },
    { label: 'string', input: JSON.stringify(valid) },
    { label: 'number', input: 5 },
    { label: 'null', input: null },
    { label: 'other type', input: { ...valid, type: 'market_status' } },
  )
  return out
}

describe('isPlainPriceMessage', () => {
  it('takes the plain shape the feed sends', () => {
    expect(isPlainPriceMessage({ ...valid })).toBe(true)
    expect(isPlainPriceMessage(JSON.parse(JSON.stringify(valid)))).toBe(true)
  })

  it('accepts nothing the schema refuses, and what it accepts reads as the schema output', () => {
    const cases = variants()
    const accepted = cases.filter(({ input }) => isPlainPriceMessage(input))
    for (const { label, input } of cases) {
      const schema = PriceMessage.safeParse(input)
      if (!isPlainPriceMessage(input)) continue
      expect(schema.success, label).toBe(true)
      expect({ ...(input as object) }, label).toEqual(schema.data)
    }
    // The fast path is not vacuous: it takes the plain shapes, and leaves the rest to the schema.
    expect(accepted.map((c) => c.label)).toContain('valid')
    expect(accepted.length).toBeLessThan(cases.length / 2)
  })

  it('takes no key beyond its eight (the schema takes extra keys), so what it takes holds no forbidden key', () => {
    const text = JSON.stringify(valid)
    expect(isPlainPriceMessage({ ...valid, bookmaker: 'x' })).toBe(false)
    expect(PriceMessage.safeParse({ ...valid, bookmaker: 'x' }).success).toBe(true)
    for (const key of ['__proto__', 'constructor', 'prototype'])
      expect(isPlainPriceMessage(JSON.parse(`{"${key}":{"polluted":true},${text.slice(1)}`)), key).toBe(false)
  })
})
