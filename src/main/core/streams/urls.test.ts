import { describe, expect, it } from 'vitest'
import { dataStreamAddress, oddsStreamAddress, type LiveEndpoints } from './urls'

const endpoints = (dataBaseUrl: string, wsBaseUrl: string): LiveEndpoints => ({
  sport: 'badminton',
  dataBaseUrl,
  wsBaseUrl,
  oddsBaseUrl: 'https://odds.example.com',
  oddsWsBaseUrl: 'wss://odds.example.com',
  bookmakerId: 'b1',
})

describe('dataStreamAddress', () => {
  it('swaps the sport where the REST client does: the last path segment (the simulator)', () => {
    expect(
      dataStreamAddress(
        endpoints('http://127.0.0.1:9/data/badminton', 'ws://127.0.0.1:9/data/badminton'),
        'hockey',
        5,
        'score',
      ),
    ).toEqual({
      wsUrl: 'ws://127.0.0.1:9/data/hockey/live/score/5',
      sseUrl: 'http://127.0.0.1:9/data/hockey/live/score/5',
      marketplaceHost: 'hockey-devs.p.rapidapi.com',
    })
  })

  it('or the first host label (the real provider)', () => {
    expect(
      dataStreamAddress(
        endpoints('https://badminton.example.com/', 'wss://badminton.example.com'),
        'hockey',
        5,
        'time',
      ),
    ).toEqual({
      wsUrl: 'wss://hockey.example.com/live/time/5',
      sseUrl: 'https://hockey.example.com/live/time/5',
      marketplaceHost: 'hockey-devs.p.rapidapi.com',
    })
  })

  it('addresses the stream of every event of a type without an event id', () => {
    expect(
      dataStreamAddress(
        endpoints('https://badminton.example.com', 'wss://badminton.example.com'),
        'badminton',
        null,
        'score',
      ),
    ).toEqual({
      wsUrl: 'wss://badminton.example.com/live/score',
      sseUrl: 'https://badminton.example.com/live/score',
      marketplaceHost: 'badminton-devs.p.rapidapi.com',
    })
  })

  it("names the odds feed's own host as an odds stream's marketplace host", () => {
    expect(oddsStreamAddress(endpoints('', ''), 'cricket', 7, 'updates')).toEqual({
      wsUrl: 'wss://odds.example.com/live/b1/cricket/7/updates',
      sseUrl: 'https://odds.example.com/live/b1/cricket/7/updates',
      marketplaceHost: 'odds.example.com',
    })
  })

  it('has no address for another sport when the configured one is in neither place', () => {
    expect(
      dataStreamAddress(endpoints('https://api.example.com/v1', 'wss://api.example.com/v1'), 'hockey', 5, 'time'),
    ).toBeNull()
  })
})
