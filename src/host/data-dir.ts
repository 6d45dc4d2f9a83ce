/** The folder Electron's app.getPath('userData') names for this app, so both hosts share one store. */
import { homedir } from 'node:os'
import { join } from 'node:path'

const APP_DIR_NAME = 'Odds Monitor'

export function defaultDataDir(): string {
  if (process.platform === 'win32')
    return join(process.env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), APP_DIR_NAME)
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_DIR_NAME)
  return join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), APP_DIR_NAME)
}
