/** The last-alive stamp in a real folder: a run that did not stop is told to the next start, once. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keepLastAlive, LAST_ALIVE_FILE } from './last-alive'

const folder = () => mkdtempSync(join(tmpdir(), 'last-alive-'))

describe('keepLastAlive', () => {
  it('tells a start after a run that did not stop when it was last alive, and a start after a clean stop nothing', () => {
    const dir = folder()
    let now = 1_000
    const first = keepLastAlive(dir, () => now)
    expect(first.previous).toBeNull() // a first start
    now = 60_000
    const afterKill = keepLastAlive(dir, () => now) // the first never stopped
    expect(afterKill.previous).toEqual({ lastAliveAt: 1_000, startedAt: 60_000 })
    first.stop() // ends its timer; the clean stop below writes the stamp last
    now = 70_000
    afterKill.stop()
    expect(keepLastAlive(dir, () => now).previous).toBeNull()
  })

  it('says nothing of a stamp it cannot read, and starts where it cannot write', () => {
    const garbled = folder()
    writeFileSync(join(garbled, LAST_ALIVE_FILE), '{"at":"yesterday"}')
    expect(keepLastAlive(garbled).previous).toBeNull()
    const blocked = folder()
    mkdirSync(join(blocked, LAST_ALIVE_FILE)) // a folder where the stamp goes: every write fails
    const alive = keepLastAlive(blocked)
    expect(alive.previous).toBeNull()
    expect(() => alive.stop()).not.toThrow()
  })
})
