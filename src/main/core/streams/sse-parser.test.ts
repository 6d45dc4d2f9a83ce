import { describe, expect, it } from 'vitest'
import { SseParser } from './sse-parser'

function parseAll(chunks: string[]): string[] {
  const out: string[] = []
  const parser = new SseParser((d) => out.push(d))
  for (const c of chunks) parser.push(c)
  return out
}

describe('SseParser', () => {
  it('dispatches each data event at its blank line, skipping comments and other fields', () => {
    const text = ': keep-alive\n\nevent: price\nid: 7\ndata: {"a":1}\n\ndata:{"b":2}\n\n'
    expect(parseAll([text])).toEqual(['{"a":1}', '{"b":2}'])
  })

  it('handles events split across chunks and CRLF line ends', () => {
    expect(parseAll(['da', 'ta: {"a"', ':1}\r', '\n\r\n', 'data: x\r\n'])).toEqual(['{"a":1}'])
  })

  it('joins multi-line data with newlines', () => {
    expect(parseAll(['data: [1,\ndata: 2]\n\n'])).toEqual(['[1,\n2]'])
  })
})

describe('SseParser size cap', () => {
  function capped(chunks: string[], maxEventChars: number): { out: string[]; oversize: number } {
    const out: string[] = []
    let oversize = 0
    const parser = new SseParser((d) => out.push(d), { maxEventChars, onOversize: () => oversize++ })
    for (const c of chunks) parser.push(c)
    return { out, oversize }
  }

  it('drops an event over the cap whole, counts it once, and reads the next one', () => {
    const big = 'x'.repeat(100)
    expect(capped([`data: ${big}\ndata: ${big}\n\ndata: {"a":1}\n\n`], 150)).toEqual({ out: ['{"a":1}'], oversize: 1 })
  })

  it('does not buffer a line without end past the cap', () => {
    const chunks = Array.from({ length: 50 }, () => 'y'.repeat(100))
    expect(capped(['data: ', ...chunks, '\n\ndata: 2\n\n'], 1000)).toEqual({ out: ['2'], oversize: 1 })
  })
})
