/** Electron's host ports against the typed fake of Electron; exports land in a real file. */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronHostPorts } from './host-adapters'
import { createFakeElectron, type FakeElectronOptions } from './testing/fake-electron'

function ports(options: Partial<FakeElectronOptions> = {}) {
  const electron = createFakeElectron({ userData: tmpdir(), ...options })
  const events: string[] = []
  const hostPorts = electronHostPorts(electron, {
    showMainWindow: () => events.push('show window'),
    focusMatch: (matchId) => events.push(`focus match ${matchId}`),
    openMatchWindow: (matchId) => events.push(`open window for match ${matchId}`),
  })
  return { electron, events, hostPorts }
}

describe('electronHostPorts', () => {
  it('shows a desktop notification whose click shows the window, then focuses the match', () => {
    const { electron, events, hostPorts } = ports()
    hostPorts.notifier.notify({ title: 'Price move', body: 'Arsenal 1.83 → 2.10', matchId: 42, alertIds: ['a1'] })
    const [notification] = electron.notifications
    expect(notification?.options).toEqual({ title: 'Price move', body: 'Arsenal 1.83 → 2.10' })
    expect(notification?.shown).toBe(true)
    expect(events).toEqual([])
    notification?.click()
    expect(events).toEqual(['show window', 'focus match 42'])
  })

  it('shows nothing where the system has no notifications', () => {
    const { electron, hostPorts } = ports({ notificationsSupported: false })
    hostPorts.notifier.notify({ title: 't', body: 'b', matchId: 1, alertIds: ['a1'] })
    expect(electron.notifications).toEqual([])
  })

  it('writes an export where the trader chose, in the chunks the core produces', async () => {
    const filePath = join(mkdtempSync(join(tmpdir(), 'om-export-')), 'ticks.csv')
    const { electron, hostPorts } = ports({ saveDialogAnswer: { canceled: false, filePath } })
    const result = await hostPorts.exporter.exportCsv('match-42.csv', (write) => {
      write('ts,price\n')
      write('1,1.83\n')
      return 1
    })
    expect(result).toEqual({ kind: 'saved', path: filePath, rows: 1 })
    expect(readFileSync(filePath, 'utf8')).toBe('ts,price\n1,1.83\n')
    expect(electron.dialog.asked).toEqual([
      { defaultPath: 'match-42.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] },
    ])
  })

  it('writes nothing when the save dialog is cancelled', async () => {
    const { hostPorts } = ports()
    let produced = false
    const result = await hostPorts.exporter.exportCsv('x.csv', () => {
      produced = true
      return 0
    })
    expect(result).toEqual({ kind: 'canceled' })
    expect(produced).toBe(false)
  })

  it('asks where the diagnostic bundle goes with the save dialog, and answers null when it is cancelled', async () => {
    const chosen = ports({ saveDialogAnswer: { canceled: false, filePath: '/home/t/bundle' } })
    expect(await chosen.hostPorts.bundles?.chooseBundleFolder('odds-monitor-diagnostics-x')).toBe('/home/t/bundle')
    expect(chosen.electron.dialog.asked).toEqual([
      { title: 'Save diagnostic bundle', defaultPath: 'odds-monitor-diagnostics-x' },
    ])
    expect(await ports().hostPorts.bundles?.chooseBundleFolder('odds-monitor-diagnostics-x')).toBeNull()
  })

  it('shows a folder in the file manager, and says so when it cannot', async () => {
    const shown = ports()
    expect(await shown.hostPorts.folders.openFolder('/data/crashes')).toBe(true)
    expect(shown.electron.shell.opened).toEqual(['/data/crashes'])
    expect(await ports({ canOpenFolders: false }).hostPorts.folders.openFolder('/data/crashes')).toBe(false)
  })

  it('opens a match in its own window, with no URL for the page to open', () => {
    const { events, hostPorts } = ports()
    expect(hostPorts.windows.openMatch(12)).toEqual({ url: null })
    expect(events).toEqual(['open window for match 12'])
  })
})
