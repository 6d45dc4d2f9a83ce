import { spawn } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { openCache } from './index'
import { tempDir } from './test-helpers'

const FIXTURE = path.join(import.meta.dirname, 'crash-writer.fixture.ts')
const BATCH = 2000
const CHUNK = 200 // the fixture's recordTicks size
let tmp: ReturnType<typeof tempDir> | null = null
afterEach(() => tmp?.remove())

it('survives SIGKILL during heavy writes, losing at most the unflushed batch', async () => {
  tmp = tempDir()
  const file = path.join(tmp.dir, 'cache.sqlite')
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, file, String(BATCH)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let lastRecorded = 0
  let lastCommitted = 0
  let commits = 0
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
  // Read every line the writer got out, including those still in the pipe at the kill.
  await new Promise<void>((resolve) => {
    let pending = ''
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const [kind, n] = line.split(' ')
        if (kind === 'R') lastRecorded = Number(n)
        if (kind === 'C') {
          lastCommitted = Number(n)
          // Kill while it is writing hard: after a good number of commits, at an arbitrary moment.
          if (++commits === 40) child.kill('SIGKILL')
        }
      }
    })
    child.stdout.on('close', resolve)
  })
  expect(commits, stderr).toBeGreaterThanOrEqual(40)
  expect(await exited).toBe('SIGKILL')

  const db = new Database(file)
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  const stored = db.prepare('SELECT count(*) FROM tick').pluck().get() as number
  // Rollups were committed in the same transactions as their ticks.
  const rolledUp = db.prepare('SELECT sum(n) FROM tick_rollup WHERE level = 0').pluck().get() as number
  db.close()
  expect(stored).toBe(rolledUp)
  expect(stored).toBeGreaterThanOrEqual(lastCommitted)
  expect(stored).toBeLessThanOrEqual(lastRecorded)
  // What was lost is what was still buffered: less than a full batch plus one recordTicks call.
  expect(lastRecorded - stored).toBeLessThan(BATCH + CHUNK)

  const reopened = openCache(file)
  expect(reopened.setAside).toBeNull()
  expect(reopened.ticks('demo', 1, 0, Number.MAX_SAFE_INTEGER, { limit: 1 })).toHaveLength(1)
  reopened.close()
})
