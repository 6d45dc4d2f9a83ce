/** `npm run sim`: one JSON line on stdout, then a server that answers; bad options are refused in words. */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CliError, parseCliArgs, parseFaults } from './cli-args'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))

describe('cli arguments', () => {
  it('parses numbers and the fault list', () => {
    expect(
      parseCliArgs([
        '--port',
        '0',
        '--seed',
        '42',
        '--speed',
        '10',
        '--rate',
        '500',
        '--faults',
        'drop=5,burst429=20:3:2,error5xx=0.1',
      ]),
    ).toEqual({
      port: 0,
      seed: 42,
      speed: 10,
      rate: 500,
      faults: { dropEverySeconds: 5, burst429: { every: 20, count: 3, retryAfterSeconds: 2 }, error5xxRatio: 0.1 },
    })
    expect(
      parseFaults(
        'malformed=0.5,unknown=0.25,slow=100,oddsdelay=2000,refusetype=403,subprotocol=never,unreadable=time:40,badshape=/verify:6',
      ),
    ).toEqual({
      malformedRatio: 0.5,
      unknownKindRatio: 0.25,
      slowMs: 100,
      oddsStreamDelayMs: 2000,
      refuseTypeStreams: 403,
      wsSubprotocol: 'never',
      unreadable: { kind: 'time', count: 40 },
      badShape: { route: '/verify', count: 6 },
    })
  })

  it.each([
    ['--port', 'x'],
    ['--rate'],
    ['--wat', '1'],
    ['--faults', 'malformed=2'],
    ['--faults', 'gremlins=1'],
    ['--faults', 'refusetype=500'],
    ['--faults', 'subprotocol=maybe'],
    ['--faults', 'unreadable=time'],
    ['--faults', 'unreadable=:5'],
    ['--faults', 'badshape=verify:6'],
    ['--faults', 'badshape=/verify'],
  ])('refuses %s %s', (...argv) => {
    expect(() => parseCliArgs(argv)).toThrow(CliError)
  })
})

describe('npm run sim', () => {
  it('prints exactly one JSON line with the documented keys, then serves', async () => {
    const child = spawn(process.execPath, [tsx, cli, '--port', '0', '--seed', '5', '--rate', '10'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const line = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once('line', resolve),
      )
      const info = JSON.parse(line) as Record<string, string>
      expect(Object.keys(info).sort()).toEqual([
        'apiKey',
        'bookmakerId',
        'dataBaseUrl',
        'imageBaseUrl',
        'oddsBaseUrl',
        'oddsWsBaseUrl',
        'sport',
        'sports',
        'wsBaseUrl',
      ])
      expect(info.sport).toBe('badminton')
      expect(info.dataBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/data\/badminton$/)
      const res = await fetch(`${info.dataBaseUrl}/classes`, { headers: { authorization: `Bearer ${info.apiKey}` } })
      expect(res.status).toBe(200)
    } finally {
      child.kill('SIGTERM')
    }
  })

  it('exits 2 with a message for a bad option', async () => {
    const child = spawn(process.execPath, [tsx, cli, '--nope'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toMatch(/unknown option '--nope'/)
  })
})
