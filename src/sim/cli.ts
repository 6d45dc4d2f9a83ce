/**
 * `npm run sim -- --port 0 --seed 42 [--speed N] [--rate N] [--live N] [--faults …]`: prints
 * exactly one JSON line (the SimulatorInfo) on stdout, then serves until it is killed.
 */
import { CliError, parseCliArgs } from './cli-args'
import { startSimulator } from './index'

try {
  const sim = await startSimulator(parseCliArgs(process.argv.slice(2)))
  const { control: _inProcessOnly, close, ...info } = sim
  process.stdout.write(`${JSON.stringify(info)}\n`)
  const stop = (): void => void close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(error instanceof CliError ? 2 : 1)
}
