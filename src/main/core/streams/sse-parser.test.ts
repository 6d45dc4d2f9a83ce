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
