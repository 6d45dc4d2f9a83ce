/**
 * Seeded randomness. Everything the simulator invents (the world, the price walks, which
 * messages a fault spoils) comes from these generators so one seed gives one world.
 */

/** A small, fast 32-bit generator (mulberry32): plenty for a simulator, and reproducible. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  /** Standard normal (Box–Muller), for random-walk steps. */
  normal(): number {
    const u = 1 - this.next()
    const v = this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  hex(length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16)
    return out
  }
}

/** Mixes a seed with a label so independent streams (per match, per purpose) do not correlate. */
export function deriveSeed(seed: number, label: string | number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0
  const text = String(label)
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) >>> 0
    h = (h ^ (h >>> 13)) >>> 0
  }
  return Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0
}

/** A version-4-shaped UUID drawn from the generator (deterministic, not globally unique). */
export function seededUuid(rng: Rng): string {
  const h = rng.hex(32).split('')
  h[12] = '4'
  h[16] = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}
