/**
 * A private Secret Service for one Playwright worker: its own D-Bus session bus with an unlocked
 * gnome-keyring on it, as `dbus-run-session` gives the vitest run (scripts/test.sh). Every host keeps
 * its keys under the app's one keychain service name, so two workers sharing a keychain would see
 * each other's keys (a demo-feed test would find a key and leave the demo feed). The hosts a worker
 * starts inherit the bus from `process.env` (e2e/host.ts), so each worker's hosts see only their own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PrivateKeyring {
  /** The bus address the worker's hosts must use (DBUS_SESSION_BUS_ADDRESS). */
  address: string
  /** Ends the bus; the keyring daemon exits with it. */
  stop(): void
}

const MISSING_TOOLS = 'the e2e tests need dbus-daemon and gnome-keyring-daemon: apt-get install dbus gnome-keyring'

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const home = mkdtempSync(join(tmpdir(), 'odds-e2e-keyring-'))
  // Its own runtime folder too: gnome-keyring puts its control socket there.
  const env = { ...process.env, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: home }
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const stop = () => {
    bus.kill()
    rmSync(home, { recursive: true, force: true })
  }
  try {
    const address = await firstLine(bus)
    await unlockKeyring({ ...env, DBUS_SESSION_BUS_ADDRESS: address })
    return { address, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/** The address dbus-daemon prints on its first line once it listens. */
function firstLine(bus: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    bus.on('error', () => reject(new Error(MISSING_TOOLS)))
    bus.on('exit', (code) => reject(new Error(`dbus-daemon exited with ${code} before it printed its address`)))
    bus.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const newline = out.indexOf('\n')
      if (newline >= 0) resolve(out.slice(0, newline).trim())
    })
  })
}

/** Starts gnome-keyring's secrets component on the bus, unlocked with a throwaway password read from stdin. */
function unlockKeyring(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const daemon = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    })
    daemon.on('error', () => reject(new Error(MISSING_TOOLS)))
    // The command forks the daemon and exits once it is up.
    daemon.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`gnome-keyring-daemon --unlock exited with ${code}`)),
    )
    daemon.stdin?.end('e2e-keyring-password')
  })
}
