/**
 * Command-line options of `npm run sim`. `--faults` takes a comma list:
 * `drop=5,malformed=0.1,unknown=0.05,hostile=0.01,slow=200,burst429=20:3:2,error5xx=0.1,oddsdelay=2000,refusetype=404,subprotocol=required,unreadable=time:40,badshape=/verify:6`
 * (burst429 = every:count:retryAfterSeconds; refusetype = the status, 403 or 404, answered to a
 * data stream of every event of a type; subprotocol = required or never, the data streams'
 * WebSocket subprotocol rule; unreadable=time:40 tears the first 40 messages of the streams of one
 * kind; badshape=/verify:6 answers the first 6 GETs of paths ending /verify with an unexpected
 * shape). Bad input is a typed error, never a crash.
 */
import type { FaultOptions, SimulatorOptions } from './types'

export class CliError extends Error {}

const NUMBER_FLAGS: Record<string, keyof SimulatorOptions> = {
  '--port': 'port',
  '--seed': 'seed',
  '--speed': 'speed',
  '--rate': 'rate',
  '--live': 'liveMatches',
  '--start-time': 'startTime',
}

function number(flag: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text)
  if (text === undefined || text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new CliError(`${flag} needs a number from ${min} to ${max}, got '${text ?? ''}'`)
  }
  return value
}

type NumberFault =
  | 'dropEverySeconds'
  | 'malformedRatio'
  | 'unknownKindRatio'
  | 'hostileRatio'
  | 'slowMs'
  | 'error5xxRatio'
  | 'oddsStreamDelayMs'

const NUMBER_FAULTS: Record<string, { field: NumberFault; min: number; max?: number }> = {
  drop: { field: 'dropEverySeconds', min: 0.1 },
  malformed: { field: 'malformedRatio', min: 0, max: 1 },
  unknown: { field: 'unknownKindRatio', min: 0, max: 1 },
  hostile: { field: 'hostileRatio', min: 0, max: 1 },
  slow: { field: 'slowMs', min: 0 },
  error5xx: { field: 'error5xxRatio', min: 0, max: 1 },
  oddsdelay: { field: 'oddsStreamDelayMs', min: 0 },
}

export function parseFaults(text: string): FaultOptions {
  const faults: FaultOptions = {}
  for (const part of text.split(',').filter(Boolean)) {
    const [name = '', value] = part.split('=')
    const numeric = NUMBER_FAULTS[name]
    if (numeric) {
      faults[numeric.field] = number(name, value, numeric.min, numeric.max)
    } else if (name === 'burst429') {
      const [every, count, retry] = (value ?? '').split(':')
      faults.burst429 = {
        every: number('burst429 every', every, 1),
        count: number('burst429 count', count, 1),
        retryAfterSeconds: number('burst429 retryAfter', retry, 0),
      }
    } else if (name === 'refusetype') {
      if (value !== '403' && value !== '404') throw new CliError(`refusetype needs 403 or 404, got '${value ?? ''}'`)
      faults.refuseTypeStreams = value === '403' ? 403 : 404
    } else if (name === 'subprotocol') {
      if (value !== 'required' && value !== 'never')
        throw new CliError(`subprotocol needs required or never, got '${value ?? ''}'`)
      faults.wsSubprotocol = value
    } else if (name === 'unreadable') {
      const [kind = '', count] = (value ?? '').split(':')
      if (!/^[a-z_]+$/.test(kind))
        throw new CliError(`unreadable needs kind:count (e.g. time:40), got '${value ?? ''}'`)
      faults.unreadable = { kind, count: number('unreadable count', count, 1) }
    } else if (name === 'badshape') {
      const [route = '', count] = (value ?? '').split(':')
      if (!/^\/[a-z0-9/_-]+$/.test(route))
        throw new CliError(`badshape needs /route:count (e.g. /verify:6), got '${value ?? ''}'`)
      faults.badShape = { route, count: number('badshape count', count, 1) }
    } else {
      throw new CliError(
        `unknown fault '${name}': use drop, malformed, unknown, hostile, slow, burst429, error5xx, oddsdelay, refusetype, subprotocol, unreadable, badshape`,
      )
    }
  }
  return faults
}

export function parseCliArgs(argv: readonly string[]): SimulatorOptions {
  const options: SimulatorOptions = {}
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string
    const value = argv[i + 1]
    const numeric = NUMBER_FLAGS[flag]
    if (numeric) {
      ;(options as Record<string, unknown>)[numeric] = number(flag, value, flag === '--speed' ? 0.001 : 0)
      i++
    } else if (flag === '--api-key') {
      if (!value) throw new CliError('--api-key needs a value')
      options.apiKey = value
      i++
    } else if (flag === '--faults') {
      options.faults = parseFaults(value ?? '')
      i++
    } else {
      throw new CliError(
        `unknown option '${flag}': --port --seed --speed --rate --live --start-time --api-key --faults`,
      )
    }
  }
  return options
}
