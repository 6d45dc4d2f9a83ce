import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hostToken } from './host-token'

const freshDir = () => mkdtempSync(join(tmpdir(), 'host-token-'))

describe('hostToken', () => {
  it('keeps one token per data folder, readable by the owner only', () => {
    const dir = freshDir()
    const first = hostToken(dir)
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(hostToken(dir)).toBe(first)
    expect(statSync(join(dir, 'host-token')).mode & 0o777).toBe(0o600)
    expect(hostToken(freshDir())).not.toBe(first)
  })

  it('replaces a file that does not hold a token of its shape', () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'host-token'), 'short', { mode: 0o644 })
    const token = hostToken(dir)
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(readFileSync(join(dir, 'host-token'), 'utf8')).toBe(token)
    expect(statSync(join(dir, 'host-token')).mode & 0o777).toBe(0o600)
  })
})
