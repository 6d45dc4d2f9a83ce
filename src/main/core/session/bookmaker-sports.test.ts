/** The desk's sports from the bookmaker record, read with the real odds client over loopback. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startSimulator } from '../../../sim'
import { waitUntil } from '../../../test-support/wait'
import { testHttp } from '../clients/http/test-support'
import { OddsClient } from '../clients/odds/odds-client'
import { BookmakerSports, deskSports } from './bookmaker-sports'

const closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

/** BookmakerSports on a real odds client whose address and key the test can change. */
function sportsOf(settings: { oddsBaseUrl: string; bookmakerId: string }, key: string) {
  const http = testHttp('odds-feed', key, { retry: { maxRetries: 0 } })
  const odds = new OddsClient({ http: http.http, settings: () => settings })
  const seen = { reads: 0, changes: 0 }
  const sports = new BookmakerSports({
    fetch: (signal) => {
      seen.reads++
      return odds.bookmaker({ signal })
    },
    onChange: () => seen.changes++,
    log: { info: () => {} },
    retryMs: 20,
  })
  closing.push(() => sports.stop())
  return { sports, seen, key: http.key }
}

describe('BookmakerSports', () => {
  it('tries again after a failure that may pass, and lists the sports once the record is read', async () => {
    const sim = await startSimulator({ rate: 0, bookmakerSports: ['hockey', 'cricket'] })
    closing.push(() => sim.close())
    const settings = { oddsBaseUrl: 'http://127.0.0.1:1/odds', bookmakerId: sim.bookmakerId }
    const { sports, seen } = sportsOf(settings, sim.apiKey)
    await sports.refresh()
    expect(sports.current()).toBeNull()
    settings.oddsBaseUrl = sim.oddsBaseUrl // the service is reachable again
    await waitUntil(
      () => sports.current() !== null,
      () => `the sports after ${seen.reads} reads`,
    )
    expect(sports.current()).toEqual(['hockey', 'cricket'])
    expect(seen.changes).toBe(1)

    sports.clear()
    expect(sports.current()).toBeNull()
    expect(seen.changes).toBe(2)
  })

  it('does not try again after a refused key: a new key (a refresh) reads it', async () => {
    const sim = await startSimulator({ rate: 0 })
    closing.push(() => sim.close())
    const { sports, seen, key } = sportsOf({ oddsBaseUrl: sim.oddsBaseUrl, bookmakerId: sim.bookmakerId }, 'wrong')
    await sports.refresh()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen.reads).toBe(1)
    key.value = sim.apiKey
    await sports.refresh()
    expect(sports.current()).toEqual(['badminton', 'cricket', 'hockey'])
  })

  it('leaves out names that cannot go into an address, and repeats', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ sports: ['cricket', '../admin', 'Hockey', 'cricket', 'table-tennis'] }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closing.push(() => new Promise((resolve) => server.close(resolve)))
    const { port } = server.address() as AddressInfo
    const { sports } = sportsOf({ oddsBaseUrl: `http://127.0.0.1:${port}`, bookmakerId: 'b1' }, 'k')
    await sports.refresh()
    expect(sports.current()).toEqual(['cricket', 'table-tennis'])
  })
})

describe('deskSports', () => {
  it('puts the configured sport first, keeps it when the bookmaker lacks it, alone until the record is read', () => {
    expect(deskSports('hockey', ['cricket', 'hockey'])).toEqual(['hockey', 'cricket'])
    expect(deskSports('badminton', ['cricket', 'hockey'])).toEqual(['badminton', 'cricket', 'hockey'])
    expect(deskSports('cricket', null)).toEqual(['cricket'])
  })
})
