/**
 * Simulator load bench: starts `npm run sim` as its own process (so server and clients use both
 * cores), subscribes real WebSocket clients to the price stream of every live match of every
 * sport, and prints the price updates per second the clients actually received.
 * Args: --rate N (target total, default 25000) --live N (live matches per sport, default 16)
 *       --seconds N (measured window, default 5)
 */
import WebSocket from 'ws'
import { liveOddsTargets, numberArg, startSimProcess } from './support'

export async function run(args: string[]): Promise<void> {
  const targetRate = numberArg(args, '--rate', 25_000)
  const live = numberArg(args, '--live', 16)
  const seconds = numberArg(args, '--seconds', 5)
  const { child, info } = await startSimProcess(targetRate, live)
  try {
    const sockets: WebSocket[] = []
    let received = 0
    let counting = false
    for (const { sport, matchId } of await liveOddsTargets(info)) {
      const ws = new WebSocket(
        `${info.oddsWsBaseUrl}/live/${info.bookmakerId}/${sport}/${matchId}/updates?token=${info.apiKey}`,
      )
      // Counting by prefix, not by parsing: the bench measures the server, not JSON.parse.
      ws.on('message', (data: Buffer) => {
        if (counting && data.subarray(0, 16).toString() === '{"type":"price",') received++
      })
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
      sockets.push(ws)
    }
    await new Promise((r) => setTimeout(r, 1000)) // warm-up
    counting = true
    const started = performance.now()
    await new Promise((r) => setTimeout(r, seconds * 1000))
    counting = false
    const elapsed = (performance.now() - started) / 1000
    for (const ws of sockets) ws.terminate()
    console.log(
      JSON.stringify({
        bench: 'sim',
        targetRate,
        liveMatchesPerSport: live,
        streams: sockets.length,
        seconds: Number(elapsed.toFixed(2)),
        updatesPerSec: Math.round(received / elapsed),
      }),
    )
  } finally {
    child.kill('SIGTERM')
  }
}
