/**
 * Both kinds of key the provider issues (shared/wire/keys.ts), end to end through the whole core:
 * keys in the real keychain, a simulator standing for the real services that takes ONLY the style
 * under test (a marketplace gateway refuses a Bearer key, and a stream's token alone), so each
 * step passing proves the client sent that style: key tests, Discover, team images, the board,
 * live data streams and an override PATCH.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MatchSummary } from '../../shared/discovery'
import type { AppHealth } from '../../shared/health'
import type { KeyStyle } from '../../shared/wire/keys'
import { startSimulator } from '../../sim'
import { eventually, invoke, startTestCore } from './test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

type Boards = Array<{ header: { matchId: number }; cells: Array<{ price: number }> }>

describe.each(['bearer', 'marketplace'] as const)('a %s key', (style: KeyStyle) => {
  it('tests, discovers, shows images, fills the board with prices and live data, and sets an override', async () => {
    const apiKey = `real-${style}-key-4f9e2a`
    // 10× clock: the live data streams speak within seconds, and the match is still open for the override.
    const real = await startSimulator({ rate: 100, liveMatches: 2, speed: 10, apiKey, keyStyles: [style] })
    running.push(real)
    const logs: string[] = []
    const dataDir = mkdtempSync(join(tmpdir(), 'odds-keys-'))
    const { core } = await startTestCore(dataDir, { logs })
    running.push({ close: () => core.stop() })
    const events: unknown[] = []
    core.router.addSink((channel, payload) => events.push({ channel, payload }))

    const { bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl } = real
    await invoke(core, 'settings:update', {
      ...{ bookmakerId, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl },
      dataKeyStyle: style,
      oddsKeyStyle: style,
    })
    await invoke(core, 'keys:set', { account: 'data-service', key: apiKey })
    await invoke(core, 'keys:set', { account: 'odds-feed', key: apiKey })
    expect(await invoke(core, 'feed:mode')).toMatchObject({ mode: 'real' })
    for (const account of ['data-service', 'odds-feed'])
      expect(await invoke(core, 'keys:test', { account })).toMatchObject({ ok: true, message: 'key works' })

    const live = await invoke<{ matches: MatchSummary[] }>(core, 'discover:matches', {
      mode: 'live',
      sport: 'badminton',
    })
    expect(live.matches).toHaveLength(2)
    const match = live.matches[0] as MatchSummary
    const image = await core.images.get(match.home.hashImage as string)
    expect(image?.source).toBe('network')

    const state = await invoke<{ activeId: string }>(core, 'watchlists:get')
    await invoke(core, 'watchlists:command', { op: 'addMatch', id: state.activeId, match })
    const boards = await eventually(
      () => invoke<Boards>(core, 'board:get'),
      (b) => (b[0]?.cells.filter((c) => c.price > 1).length ?? 0) > 0,
    )
    expect(boards[0]?.header.matchId).toBe(match.matchId)
    const ack = await invoke<{ ok: boolean; message: string }>(core, 'overrides:set', {
      matchId: match.matchId,
      oddType: 'full-time',
      oddKey: 'match_winner#home',
      oddValue: 3.25,
      durationSeconds: 30,
      suspended: false,
    })
    expect(ack).toMatchObject({ ok: true, message: expect.stringMatching(/^override set: .* at 3\.25 for 30 s$/) })

    // Every data stream of the desk is open (a refused one would be `rejected`) and messages flow.
    await eventually(
      () => invoke<AppHealth>(core, 'feed:health'),
      (health) => {
        const data = health.streams.filter((s) => s.service === 'data')
        return data.length === 4 && data.every((s) => s.state === 'live') && data.some((s) => s.messagesPerSec > 0)
      },
    )

    // The key stayed in main: no bridge event, log line or settings file carries it.
    expect(JSON.stringify(events) + logs.join('\n')).not.toContain(apiKey)
    for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.json')))
      expect(readFileSync(join(dataDir, file), 'utf8')).not.toContain(apiKey)
  })
})
