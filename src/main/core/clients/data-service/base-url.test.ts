import { describe, expect, it } from 'vitest'
import { dataBaseUrlForSport } from './base-url'

describe('dataBaseUrlForSport', () => {
  it('keeps the configured URL for the configured sport', () => {
    expect(dataBaseUrlForSport('http://127.0.0.1:9/data/badminton', 'badminton', 'badminton')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:9/data/badminton',
    })
  })

  it('swaps the last path segment when the sport is there', () => {
    expect(dataBaseUrlForSport('http://127.0.0.1:9/data/badminton/', 'badminton', 'hockey')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:9/data/hockey',
    })
  })

  it('swaps the first host label when the sport is the host', () => {
    expect(dataBaseUrlForSport('https://badminton.example.com/', 'badminton', 'table-tennis')).toEqual({
      ok: true,
      value: 'https://table-tennis.example.com/',
    })
  })

  it("swaps the sport in a marketplace key's host (<sport>-devs), for REST and live addresses", () => {
    expect(dataBaseUrlForSport('https://badminton-devs.p.rapidapi.com/', 'badminton', 'hockey')).toEqual({
      ok: true,
      value: 'https://hockey-devs.p.rapidapi.com/',
    })
    expect(dataBaseUrlForSport('wss://cricket-devs.p.rapidapi.com', 'cricket', 'table-tennis')).toEqual({
      ok: true,
      value: 'wss://table-tennis-devs.p.rapidapi.com/',
    })
  })

  it('answers in words when no address can be derived or the input is unusable', () => {
    expect(dataBaseUrlForSport('https://api.example.com/v1', 'badminton', 'hockey')).toEqual({
      ok: false,
      error: { kind: 'not_available', message: 'no data service address for hockey' },
    })
    expect(dataBaseUrlForSport('', 'badminton', 'hockey')).toEqual({
      ok: false,
      error: { kind: 'bad_request', message: 'no valid address set for the data service' },
    })
    expect(dataBaseUrlForSport('http://h/data/badminton', 'badminton', '../admin')).toEqual({
      ok: false,
      error: { kind: 'bad_request', message: '"../admin" is not a sport name' },
    })
  })
})
