/**
 * Starts the real headless host (`npm run start:browser`'s entry) in a child process, the way a
 * user does, and reads the URL it prints. Each test gets its own data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hostCoverageLaunch } from './coverage'

export interface HostProcess {
  url: string
  origin: string
  token: string
  dataDir: string
  stop(): Promise<void>
}

export async function launchHost(options: { dataDir?: string; args?: string[] } = {}): Promise<HostProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'odds-e2e-'))
  const coverage = hostCoverageLaunch()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...coverage.execArgv,
      'src/host/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...coverage.env } },
  )
  const url = await readReadyUrl(child)
  const parsed = new URL(url)
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    dataDir,
    stop: () => stopChild(child),
  }
}

function readReadyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /ready at (http:\/\/\S+)/.exec(stdout)
      if (match?.[1]) resolve(match[1])
    })
    // Keep only the tail: a long-running host logs on, and this buffer only explains an early exit.
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)))
    child.on('exit', (code) => reject(new Error(`host exited with ${code} before it was ready:\n${stderr}`)))
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.on('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
