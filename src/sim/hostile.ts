/**
 * Hostile stand-ins for a stream message, for the `hostileRatio` fault: each is built from the
 * real message it replaces and is one a client must refuse, never apply. `fault` says how a client
 * that follows shared/wire counts it: `malformed` (not JSON, a key that could reach a prototype,
 * not an object, a field of the wrong type, a price that is not a finite decimal above 1, a frame
 * too big to buffer) or `unknown_kind` (a `type` it does not know).
 */
export type StreamFault = 'malformed' | 'unknown_kind'

export interface HostileFrame {
  text: string
  fault: StreamFault
  /**
   * The sim closes the connection right after: a client drops a connection on a frame over its
   * cap, so whatever the sim sent behind it would be counted as delivered yet never read.
   */
  thenClose?: true
}

/** Above any client's frame cap (the app refuses frames over 256 KiB). */
export const HUGE_FRAME_CHARS = 300 * 1024

/** Replaces the value of the first `"field":` in a flat message (the sim's messages are flat). */
function withField(text: string, field: string, raw: string): string | null {
  const at = text.indexOf(`"${field}":`)
  if (at < 0) return null
  const start = at + field.length + 3
  let end = start
  if (text[start] === '"') end = text.indexOf('"', start + 1) + 1
  else while (end < text.length && text[end] !== ',' && text[end] !== '}') end++
  return `${text.slice(0, start)}${raw}${text.slice(end)}`
}

const prepend = (text: string, member: string) => `{${member},${text.slice(1)}`

/** Variants that apply to any object message. */
const ANY: Array<(text: string) => string> = [
  (t) => prepend(t, '"__proto__":{"polluted":true}'),
  (t) => prepend(t, '"constructor":{"prototype":{"polluted":true}}'),
  (t) => prepend(t, '"\\u005f_proto__":{"polluted":true}'),
  (t) => t.slice(0, Math.max(1, t.length >> 1)),
  (t) => `${t.slice(0, -1)},"x":NaN}`,
  () => 'null',
  () => '[]',
  () => '42',
  () => '"just a string"',
]

/** Variants of a price message: each breaks one field. */
const PRICE: Array<(text: string) => string | null> = [
  (t) => withField(t, 'price', '1'),
  (t) => withField(t, 'price', '0.5'),
  (t) => withField(t, 'price', '-2'),
  (t) => withField(t, 'price', '1e999'),
  (t) => withField(t, 'price', '-1e999'),
  (t) => withField(t, 'price', '"2.5"'),
  (t) => withField(t, 'price', '{"value":0.9}'),
  (t) => withField(t, 'matchId', '"1"'),
  (t) => withField(t, 'seq', 'null'),
  (t) => withField(t, 'suspended', '"no"'),
]

/**
 * The `n`-th hostile frame for `text`: cycles through the variants that apply to it, an unknown
 * kind among them; every `hugeEvery`-th is a frame too big to buffer (0 = never).
 */
export function hostileFrame(text: string, n: number, hugeEvery = 0): HostileFrame {
  if (hugeEvery > 0 && n % hugeEvery === hugeEvery - 1)
    return { text: prepend(text, `"pad":"${'x'.repeat(HUGE_FRAME_CHARS)}"`), fault: 'malformed', thenClose: true }
  const isPrice = text.startsWith('{"type":"price"')
  const variants = isPrice ? [...ANY, ...PRICE] : ANY
  const pick = n % (variants.length + 1)
  if (pick === variants.length) return { text: `{"type":"sim_hostile_kind","ts":${n}}`, fault: 'unknown_kind' }
  const built = (variants[pick] as (t: string) => string | null)(text)
  return built === null ? { text: 'null', fault: 'malformed' } : { text: built, fault: 'malformed' }
}
