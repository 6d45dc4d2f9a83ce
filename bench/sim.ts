/**
 * Simulator load bench: starts `npm run sim` as its own process (so server and clients use both
 * cores), subscribes real WebSocket clients to the price stream of every live match of every
 * sport, and prints the price updates per second the clients actually received.
 * Args: --rate N (target total, default 25000) --live N (live matches per sport, default 16)
 *       --seconds N (measured window, default 5)
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name)
  const value = i >= 0 ? Number(args[i + 1]) : fallback
  return Number.isFinite(value) && value > 0 ? value : fallback
}

interface Info {
  oddsBaseUrl: string
  oddsWsBaseUrl: string
  apiKey: string
  bookmakerId: string
  sports: string[]
}

export async function run(args: string[]): Promise<void> {
  const targetRate = arg(args, '--rate', 25_000)
  const live = arg(args, '--live', 16)
  const seconds = arg(args, '--seconds', 5)
  const cli = fileURLToPath(new URL('../src/sim/cli.ts', import.meta.url))
  const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url))
  const child = spawn(process.execPath, [tsx, cli, '--port', '0', '--seed', '42', '--rate', String(targetRate), '--live', String(live)], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve)
      child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)))
    })
    const info = JSON.parse(line) as Info
    const headers = { authorization: `Bearer ${info.apiKey}` }
    const sockets: WebSocket[] = []
    let received = 0
    let counting = false
    for (const sport of info.sports) {
      const res = await fetch(`${info.oddsBaseUrl}/bookmaker/${info.bookmakerId}/${sport}/matches?status=live`, { headers })
      const matches = (await res.json()) as Array<{ matchId: number }>
      for (const { matchId } of matches) {
        const ws = new WebSocket(`${info.oddsWsBaseUrl}/live/${info.bookmakerId}/${sport}/${matchId}/updates?token=${info.apiKey}`)
        // Counting by prefix, not by parsing: the bench measures the server, not JSON.parse.
        ws.on('message', (data: Buffer) => {
          if (counting && data.subarray(0, 16).toString() === '{"type":"price",') received++
        })
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
        sockets.push(ws)
      }
    }
    await new Promise((r) => setTimeout(r, 1000)) // warm-up
    counting = true
    const started = performance.now()
    await new Promise((r) => setTimeout(r, seconds * 1000))
    counting = false
    const elapsed = (performance.now() - started) / 1000
    for (const ws of sockets) ws.terminate()
    console.log(JSON.stringify({ bench: 'sim', targetRate, liveMatchesPerSport: live, streams: sockets.length, seconds: Number(elapsed.toFixed(2)), updatesPerSec: Math.round(received / elapsed) }))
  } finally {
    child.kill('SIGTERM')
  }
}
