import { describe, expect, it } from 'vitest'
import { isAppUrl } from './trust'

describe('isAppUrl', () => {
  const files = { kind: 'file', rendererDir: '/opt/odds/out/renderer' } as const
  const origin = { kind: 'origin', origin: 'http://127.0.0.1:5173' } as const

  it.each([
    [files, 'file:///opt/odds/out/renderer/index.html', true],
    [files, 'file:///opt/odds/out/renderer/assets/x.js', true],
    [files, 'file:///opt/odds/out/renderer-evil/index.html', false],
    [files, 'file:///opt/odds/out/renderer/../../secret.html', false],
    [files, 'file:///opt/odds/out/renderer/%2e%2e/%2e%2e/secret.html', false],
    [files, 'file://remote-host/opt/odds/out/renderer/index.html', false],
    [files, 'https://evil.example/opt/odds/out/renderer/index.html', false],
    [origin, 'http://127.0.0.1:5173/', true],
    [origin, 'http://127.0.0.1:5173/deep/link?x=1', true],
    [origin, 'http://127.0.0.1:5173.evil.example/', false],
    [origin, 'http://127.0.0.1:5174/', false],
    [origin, 'https://127.0.0.1:5173/', false],
    [origin, 'javascript:alert(1)', false],
    [origin, 'not a url', false],
  ])('%o allows %s: %s', (app, url, expected) => {
    expect(isAppUrl(url, app)).toBe(expected)
  })

  it('accepts a Windows renderer folder', () => {
    const win = { kind: 'file', rendererDir: 'C:\\Program Files\\Odds\\out\\renderer' } as const
    expect(isAppUrl('file:///C:/Program%20Files/Odds/out/renderer/index.html', win)).toBe(true)
    expect(isAppUrl('file:///C:/Program%20Files/Odds/out/other/index.html', win)).toBe(false)
  })
})
