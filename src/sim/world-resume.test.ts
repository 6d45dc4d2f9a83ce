/**
 * A restarted simulator resumes its world (world/resume.ts): scores and clocks go on from where the
 * wall clock says they are instead of rewinding to a fresh build; a world that is over, built
 * otherwise, or kept in an unreadable file gives way to a fresh one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitUntil } from '../test-support/wait'
import { startSimulator, type SimulatorHandle } from './index'
import { getJson } from './test-support'
import { RESUME_WITHIN_MS, worldStartTime } from './world/resume'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'world-resume-'))
  file = join(dir, 'demo-world.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const WORLD = { seed: 7, liveMatches: 3, speed: 1 }
const T0 = Date.UTC(2026, 10, 25, 12)

describe('worldStartTime', () => {
  it('keeps a fresh world’s start and resumes it while the world is young', () => {
    expect(worldStartTime(file, WORLD, T0)).toBe(T0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...WORLD, startTime: T0 })
    expect(worldStartTime(file, WORLD, T0 + 60_000)).toBe(T0)
    expect(worldStartTime(file, WORLD, T0 + RESUME_WITHIN_MS - 1)).toBe(T0)
  })

  it('builds a fresh world once the kept one is over, or was built with another seed, count or speed', () => {
    worldStartTime(file, WORLD, T0)
    expect(worldStartTime(file, WORLD, T0 + RESUME_WITHIN_MS)).toBe(T0 + RESUME_WITHIN_MS)
    const later = T0 + RESUME_WITHIN_MS
    expect(worldStartTime(file, { ...WORLD, seed: 8 }, later + 1)).toBe(later + 1)
    expect(worldStartTime(file, { ...WORLD, seed: 8, liveMatches: 4 }, later + 2)).toBe(later + 2)
    // At 100 × speed the same wall-clock minute is 100 minutes of world time: still young.
    const fast = { ...WORLD, speed: 100 }
    expect(worldStartTime(file, fast, later + 3)).toBe(later + 3)
    expect(worldStartTime(file, fast, later + 3 + RESUME_WITHIN_MS / 100 - 1)).toBe(later + 3)
    expect(worldStartTime(file, fast, later + 3 + RESUME_WITHIN_MS / 100)).toBe(later + 3 + RESUME_WITHIN_MS / 100)
  })

  it('takes an unreadable or foreign file for no kept world, and writes a good one over it', () => {
    for (const text of ['{not json', '[]', '{"seed":7}', '{"seed":7,"liveMatches":3,"speed":1,"startTime":"x"}']) {
      writeFileSync(file, text)
      expect(worldStartTime(file, WORLD, T0)).toBe(T0)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...WORLD, startTime: T0 })
    }
  })

  it('runs a world that cannot be kept (its folder is not writable) rather than failing', () => {
    const blocked = join(dir, 'not-a-folder')
    writeFileSync(blocked, '')
    expect(worldStartTime(join(blocked, 'demo-world.json'), WORLD, T0)).toBe(T0)
  })
})

describe('a restarted simulator', () => {
  const sims: SimulatorHandle[] = []
  afterEach(async () => {
    for (const sim of sims.splice(0)) await sim.close()
  })
  const start = async () => {
    const sim = await startSimulator({ ...WORLD, speed: 20, rate: 0, worldFile: file })
    sims.push(sim)
    return sim
  }
  /** Seconds played of every live match, by id. */
  const played = async (sim: SimulatorHandle): Promise<Map<number, number>> => {
    const res = await getJson(`${sim.dataBaseUrl}/matches-live`, sim.apiKey)
    const rows = res.body as Array<{ id: number; time?: { played?: number } }>
    return new Map(rows.map((r) => [r.id, r.time?.played ?? 0]))
  }

  it('resumes its world: every live match’s clock goes on from where it was, never back', async () => {
    const first = await start()
    const atStart = await played(first)
    expect(atStart.size).toBeGreaterThan(0)
    // Let the world run on (20 × the wall clock) until some clock has moved.
    const before = await waitUntil(async () => {
      const now = await played(first)
      return [...now].some(([id, s]) => s > (atStart.get(id) ?? 0)) ? now : null
    }, 'a live match clock to move')
    await first.close()
    sims.length = 0

    const second = await start()
    const after = await played(second)
    for (const [id, seconds] of before) {
      if (after.has(id)) expect(after.get(id), `match ${id}`).toBeGreaterThanOrEqual(seconds)
    }
    expect([...before.keys()].filter((id) => after.has(id)).length).toBeGreaterThan(0)
  })
})
