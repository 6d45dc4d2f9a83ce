/** Shared by the cache tests: a temp folder per test and compact ways to make ticks and override events. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OverrideEvent, PriceTick } from '../../../shared/domain'

export function tempDir(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-cache-'))
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

export function tick(receivedTs: number, price: number, over: Partial<PriceTick> = {}): PriceTick {
  return {
    matchId: 7,
    oddType: 'full-time',
    oddKey: 'match_winner#home',
    price,
    suspended: false,
    serverTs: receivedTs - 15,
    receivedTs,
    ...over,
  }
}

/** An override set on the tick helper's outcome, received at `receivedTs`. */
export function overrideEvent(receivedTs: number, over: Partial<OverrideEvent> = {}): OverrideEvent {
  return {
    feed: 'demo',
    matchId: 7,
    oddType: 'full-time',
    oddKey: 'match_winner#home',
    action: 'set',
    oddValue: 2.5,
    previousValue: 2.1,
    suspended: false,
    durationSeconds: 60,
    setAt: receivedTs - 5,
    expiresAt: receivedTs + 60_000,
    serverTs: receivedTs - 2,
    receivedTs,
    own: false,
    ...over,
  }
}

/** Overwrites three pages in the middle of an SQLite file (4 KiB pages), as a failing disk would; answers the bytes. */
export function damageThreePages(file: string): Buffer {
  const page = 4096
  const bytes = fs.readFileSync(file)
  const pages = bytes.length / page
  for (const at of [0.4, 0.55, 0.7]) {
    const start = Math.floor(pages * at) * page
    bytes.fill(0xa5, start, start + page)
  }
  fs.writeFileSync(file, bytes)
  return bytes
}
