/**
 * The browser host keeps V8's compiled code of what it loads between starts (Node's compile cache,
 * in the temp folder): the real host entry started as `npm run start:browser` starts it, with its
 * own temp folder, and stopped as a user stops it.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('the browser host at start', () => {
  it('keeps the compiled code of the modules it loaded in the temp folder, for the next start', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'odds-compile-cache-'))
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp }
    delete env['NODE_COMPILE_CACHE'] // the default place, under the temp folder
    delete env['NODE_V8_COVERAGE'] // off while coverage is collected (see cli.ts)
    delete env['NODE_DISABLE_COMPILE_CACHE'] // vitest sets it while it collects coverage (npm test)
    const host = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/host/cli.ts', '--port', '0', '--data-dir', join(temp, 'data')],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let log = ''
    await new Promise<void>((resolve, reject) => {
      host.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString()
        if (log.includes('host:core-up')) resolve()
      })
      host.once('exit', (code) => reject(new Error(`host exited with ${code}: ${log}`)))
    })
    const exited = new Promise((resolve) => host.once('exit', resolve))
    host.kill('SIGTERM')
    await exited
    const cache = join(temp, 'node-compile-cache')
    const entries = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    expect(entries.length).toBeGreaterThan(0)
  })
})
