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
  /** The port it listens on: give it back as `--port` to restart the host where the page expects it. */
  port: number
  token: string
  dataDir: string
  /** The host's process id (benches read its memory from /proc). */
  pid: number
  /** What the host has logged so far (its log goes to stderr); the newest 200,000 characters. */
  stderr(): string
  /** Bytes the host has written to stderr since it started, all of them (what an admin's log would hold). */
  stderrBytes(): number
  stop(): Promise<void>
  /** SIGKILL: the host dies the way a crash ends it, with no goodbye to the page. */
  kill(): Promise<void>
  /** SIGSTOP / SIGCONT: a host that hangs with its sockets open, then wakes. */
  freeze(): void
  thaw(): void
}

export interface LaunchOptions {
  dataDir?: string
  args?: string[]
  env?: Record<string, string>
  /**
   * Called with the URL as soon as the host prints it, while its core is still starting (the
   * launch itself resolves once the core is up): what a request during start-up is sent to.
   */
  onListening?: (url: string) => void
}

export async function launchHost(options: LaunchOptions = {}): Promise<HostProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'odds-e2e-'))
  const coverage = hostCoverageLaunch()
  // A later --port in `args` wins over this one (node:util parseArgs keeps the last).
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
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env, ...coverage.env } },
  )
  let stderr = ''
  let stderrBytes = 0
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length
    stderr = (stderr + chunk.toString()).slice(-200_000)
  })
  const url = await readReadyUrl(child, options.onListening)
  const parsed = new URL(url)
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token') ?? '',
    dataDir,
    pid: child.pid ?? 0,
    stderr: () => stderr,
    stderrBytes: () => stderrBytes,
    stop: () => stopChild(child, 'SIGTERM'),
    kill: () => stopChild(child, 'SIGKILL'),
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
  }
}

/**
 * The URL the host prints, once its core is up too: the host serves the page before its core has
 * started (see src/host/server.ts), but a test that looks at the data folder or the log right after
 * the start expects what the core did at start to be done. It logs its start-up marks then.
 */
function readReadyUrl(child: ChildProcess, onListening?: (url: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    let url: string | undefined
    const coreUp = () => stderr.includes('host:core-up')
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (!url) {
        url = /ready at (http:\/\/\S+)/.exec(stdout)?.[1]
        if (url) onListening?.(url)
      }
      if (url && coreUp()) resolve(url)
    })
    // Keep only the tail: a long-running host logs on, and this buffer only explains an early exit.
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000)
      if (url && coreUp()) resolve(url)
    })
    child.on('exit', (code) => reject(new Error(`host exited with ${code} before it was ready:\n${stderr}`)))
  })
}

function stopChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.on('exit', () => resolve())
    // A frozen host must run to handle SIGTERM.
    child.kill('SIGCONT')
    child.kill(signal)
  })
}
