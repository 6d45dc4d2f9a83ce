/**
 * Issue 25.4 for the browser host: the real host process (as `npm run start:browser` runs it) on a
 * data folder mounted read-only, which ended it with an `EROFS` stack trace, and on a folder with
 * folders where config.json and cache.sqlite should be. It serves the page and answers the bridge,
 * with banners that say what is not saved. Needs root (mount) and the built renderer.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { launchHost, type HostProcess } from '../../e2e/host'
import type { Problem } from '../shared/problems'
import { connectBridge, type BridgeClient } from './test-bridge-client'

const running: Array<HostProcess | BridgeClient> = []
const mounts: string[] = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close())
  for (const dir of mounts.splice(0)) execFileSync('umount', [dir])
})

async function problemsOn(dataDir: string): Promise<Problem[]> {
  const host = await launchHost({ dataDir })
  running.push(host)
  const bridge = await connectBridge(host.origin, host.token)
  running.push(bridge)
  return bridge.invoke<Problem[]>('problems:get')
}

describe('the browser host on a disk that says no', () => {
  it('starts on a read-only data folder and says what is not saved', async () => {
    const readOnly = mkdtempSync(join(tmpdir(), 'odds-host-ro-'))
    execFileSync('mount', ['--bind', mkdtempSync(join(tmpdir(), 'odds-host-data-')), readOnly])
    mounts.push(readOnly)
    execFileSync('mount', ['-o', 'remount,bind,ro', readOnly])
    const problems = await problemsOn(readOnly)
    expect(problems.map((p) => p.id).sort()).toEqual(['cache-not-saved', 'settings-not-saved'])
  })

  it('starts with folders where config.json and cache.sqlite should be', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-host-'))
    mkdirSync(join(dataDir, 'config.json'))
    mkdirSync(join(dataDir, 'cache.sqlite'))
    const problems = await problemsOn(dataDir)
    expect(problems.map((p) => p.id).sort()).toEqual(['cache-not-saved', 'settings-not-saved'])
  })
})
