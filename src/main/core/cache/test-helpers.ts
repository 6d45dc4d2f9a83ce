/** Shared by the cache tests: a temp folder per test and a compact way to make ticks. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PriceTick } from '../../../shared/domain'

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
