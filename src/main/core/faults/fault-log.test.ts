/**
 * The fault log against a real folder: counts by kind and process, the recent list, the log line
 * with context, crash files (content, spacing, pruning, the last one read back at start) and keys
 * scrubbed from all of it.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { CoreLog } from '../app'
import { FaultLog } from './fault-log'
import { LogRing, ringLog } from './log-ring'
import { REDACTED, SecretScrubber } from './secret-scrubber'

function setUp(options: { crashDir?: string; failingLog?: boolean; floodSummaryEveryMs?: number } = {}) {
  const lines: string[] = []
  const host: CoreLog = {
    info: (message, ...details) => lines.push(`info ${[message, ...details].map(String).join(' ')}`),
    error: (message, ...details) => {
      if (options.failingLog) throw new Error('log transport gone')
      lines.push(`error ${[message, ...details].map(String).join(' ')}`)
    },
  }
  let now = Date.parse('2026-11-23T10:00:00.000Z')
  const ring = new LogRing(50, () => now)
  const log = ringLog(host, ring)
  const scrubber = new SecretScrubber()
  const crashDir = options.crashDir ?? join(mkdtempSync(join(tmpdir(), 'faults-')), 'crashes')
  const { floodSummaryEveryMs } = options
  const faults = new FaultLog({
    log,
    ring,
    scrubber,
    crashDir,
    appVersion: '1.2.3',
    clock: () => now,
    floodSummaryEveryMs,
  })
  return { faults, lines, log, scrubber, crashDir, advance: (ms: number) => (now += ms) }
}

const crashFiles = (dir: string) => readdirSync(dir).sort()

describe('FaultLog', () => {
  it('counts every refusal of a flood, logs the first, then one line for the rest of its window', async () => {
    const { faults, lines } = setUp({ floodSummaryEveryMs: 50 })
    for (let i = 1; i <= 1000; i++) {
      faults.report({ process: 'host', kind: 'refused:host-door', message: `http / refused: missing token ${i}` })
    }
    faults.report({ process: 'host', kind: 'emit-dropped', message: 'not a flood' })
    expect(faults.snapshot().byKind).toEqual({ 'refused:host-door': 1000, 'emit-dropped': 1 })
    expect(lines).toEqual([
      expect.stringContaining('host fault refused:host-door: http / refused: missing token 1 '),
      expect.stringContaining('host fault emit-dropped: not a flood'),
    ])
    await vi.waitFor(() => expect(lines).toHaveLength(3), { interval: 20 })
    expect(lines[2]).toContain('host fault refused:host-door: 999 more since the last logged')
    expect(lines[2]).toContain('(newest: http / refused: missing token 1000)')
    // A new window: its first is logged in full again.
    faults.report({ process: 'host', kind: 'refused:host-door', message: 'after the window' })
    expect(lines[3]).toContain('host fault refused:host-door: after the window')
  })

  it('counts by kind (free-form) and by process, newest first in the recent list', () => {
    const { faults } = setUp()
    faults.report({ process: 'host', kind: 'emit-dropped', message: 'board:patch failed its schema' })
    faults.report({ process: 'renderer', kind: 'refused:live-frame', message: 'frame over 1 MiB' })
    faults.report({ process: 'host', kind: 'emit-dropped', message: 'again' })
    const health = faults.snapshot()
    expect(health.total).toBe(3)
    expect(health.byKind).toEqual({ 'emit-dropped': 2, 'refused:live-frame': 1 })
    expect(health.byProcess).toEqual({ host: 2, renderer: 1 })
    expect(health.recent.map((f) => f.message)).toEqual(['again', 'frame over 1 MiB', 'board:patch failed its schema'])
    expect(health.lastCrash).toBeNull()
  })

  it('logs each fault with its process, kind, stack and detail', () => {
    const { faults, lines } = setUp()
    faults.report({
      process: 'main',
      kind: 'child-process-gone',
      message: 'GPU process ended',
      error: new Error('boom'),
      detail: { exitCode: 9 },
    })
    const line = lines.find((l) => l.startsWith('error main fault child-process-gone: GPU process ended'))
    expect(line).toContain('Error: boom')
    expect(line).toContain('"exitCode":9')
  })

  it('keeps only the newest faults in the recent list', () => {
    const { faults } = setUp()
    for (let i = 0; i < 80; i++) faults.report({ process: 'host', kind: 'emit-dropped', message: `n${i}` })
    const health = faults.snapshot()
    expect(health.total).toBe(80)
    expect(health.recent).toHaveLength(50)
    expect(health.recent[0]?.message).toBe('n79')
  })

  it('writes a crash file for a crash kind: time, version, process, kind, message, stack, last log lines', () => {
    const { faults, log, crashDir } = setUp()
    log.info('watching 12 matches')
    faults.report({ process: 'host', kind: 'emit-dropped', message: 'not a crash kind' })
    expect(() => readdirSync(crashDir)).toThrow() // no folder yet: nothing ended
    faults.report({ process: 'host', kind: 'uncaught-exception', message: 'TypeError: x', error: new TypeError('x') })
    const [file] = crashFiles(crashDir)
    expect(file).toBe('2026-11-23T10-00-00-000Z-host.json')
    const record = JSON.parse(readFileSync(join(crashDir, file ?? ''), 'utf8')) as Record<string, unknown>
    expect(record).toMatchObject({
      time: '2026-11-23T10:00:00.000Z',
      appVersion: '1.2.3',
      process: 'host',
      kind: 'uncaught-exception',
      message: 'TypeError: x',
    })
    expect(record['stack']).toContain('TypeError: x')
    expect(record['logLines']).toEqual(
      expect.arrayContaining([
        expect.stringContaining('watching 12 matches'),
        expect.stringContaining('not a crash kind'),
      ]),
    )
    expect(faults.snapshot().lastCrash).toMatchObject({ kind: 'uncaught-exception', process: 'host' })
  })

  it('keeps the last 50 log lines in a crash file', () => {
    const { faults, log, crashDir } = setUp()
    for (let i = 0; i < 120; i++) log.info(`line ${i}`)
    faults.report({ process: 'main', kind: 'unhandled-rejection', message: 'no' })
    const record = JSON.parse(readFileSync(join(crashDir, crashFiles(crashDir)[0] ?? ''), 'utf8')) as {
      logLines: string[]
    }
    expect(record.logLines).toHaveLength(50)
    expect(record.logLines.at(-1)).toContain('main fault unhandled-rejection: no')
    expect(record.logLines[0]).toContain('line 71')
  })

  it('a fault repeating in a burst leaves one crash file but is counted every time', () => {
    const { faults, crashDir, advance } = setUp()
    for (let i = 0; i < 20; i++) {
      faults.report({ process: 'host', kind: 'uncaught-exception', message: `tick ${i}` })
      advance(100)
    }
    expect(crashFiles(crashDir)).toHaveLength(1)
    expect(faults.snapshot().byKind['uncaught-exception']).toBe(20)
    advance(5_000)
    faults.report({ process: 'host', kind: 'uncaught-exception', message: 'later' })
    expect(crashFiles(crashDir)).toHaveLength(2)
  })

  it('keeps the newest 50 crash files', () => {
    const { faults, crashDir, advance } = setUp()
    for (let i = 0; i < 60; i++) {
      faults.report({ process: 'host', kind: 'uncaught-exception', message: `n${i}` })
      advance(10_000)
    }
    const files = crashFiles(crashDir)
    expect(files).toHaveLength(50)
    expect(JSON.parse(readFileSync(join(crashDir, files[0] ?? ''), 'utf8'))).toMatchObject({ message: 'n10' })
  })

  it('reads the last crash of an earlier run at start', () => {
    const first = setUp()
    first.faults.report({ process: 'main', kind: 'render-process-gone', message: 'renderer crashed' })
    const second = setUp({ crashDir: first.crashDir })
    expect(second.faults.snapshot().lastCrash).toMatchObject({
      kind: 'render-process-gone',
      message: 'renderer crashed',
    })
  })

  it('ignores a damaged crash file', () => {
    const first = setUp()
    first.faults.report({ process: 'main', kind: 'render-process-gone', message: 'x' })
    writeFileSync(join(first.crashDir, '9999-bad.json'), '{ not json')
    expect(setUp({ crashDir: first.crashDir }).faults.snapshot().lastCrash).toBeNull()
  })

  it('never lets a key reach the health model, the log or a crash file', () => {
    const { faults, scrubber, lines, log, crashDir } = setUp()
    const key = 'sk_live_Q2xhdWRlU2F5c0hp' // short of the random-looking length: only the exact match catches it
    const shortKey = 'Zx9-short'
    scrubber.remember(key)
    scrubber.remember(shortKey)
    log.info(`connecting wss://feed.example/live?token=${key}`)
    log.error(`upstream said: bad key ${shortKey}`)
    faults.report({
      process: 'host',
      kind: 'uncaught-exception',
      message: `fetch failed for ${key} and ${shortKey}`,
      error: new Error(`Authorization: Bearer ${key}`),
      detail: { url: `https://x/api?key=${key}`, header: shortKey },
    })
    const file = readFileSync(join(crashDir, crashFiles(crashDir)[0] ?? ''), 'utf8')
    const health = JSON.stringify(faults.snapshot())
    for (const text of [file, health, lines.filter((l) => l.includes('fault')).join('\n')]) {
      expect(text).not.toContain(key)
      expect(text).not.toContain(shortKey)
      expect(text).toContain(REDACTED)
    }
  })

  it('never throws, even when logging itself fails', () => {
    const { faults } = setUp({ failingLog: true })
    expect(() => faults.report({ process: 'host', kind: 'uncaught-exception', message: 'x' })).not.toThrow()
    expect(faults.snapshot().total).toBe(1)
  })
})
