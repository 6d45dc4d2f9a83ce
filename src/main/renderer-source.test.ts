import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { isAppUrl } from './core/bridge/trust'
import { rendererSource } from './renderer-source'
import { createFakeElectron } from './testing/fake-electron'

describe('rendererSource', () => {
  const electron = createFakeElectron({ userData: tmpdir() })

  it('loads the built files at a hash route, and counts that folder as the app', async () => {
    const source = rendererSource({ devServer: undefined, rendererDir: '/opt/app/out/renderer' })
    const window = new electron.BrowserWindow({})
    await source.load(window, 'match/12')
    expect(window.webContents.getURL()).toBe('file:///opt/app/out/renderer/index.html#/match/12')
    expect(isAppUrl(window.webContents.getURL(), source.app)).toBe(true)
  })

  it('loads the dev server when there is one, and counts its origin as the app', async () => {
    const source = rendererSource({ devServer: 'http://localhost:5173', rendererDir: '/unused' })
    const window = new electron.BrowserWindow({})
    await source.load(window, '')
    expect(window.webContents.getURL()).toBe('http://localhost:5173#/')
    expect(source.app).toEqual({ kind: 'origin', origin: 'http://localhost:5173' })
  })
})
