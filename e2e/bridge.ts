import type { OddsMonitorApi } from '../src/shared/bridge/api'

/**
 * The page's global scope as tests see it in page.evaluate: cast `globalThis` to this inside the
 * evaluated function (only the type crosses; the code runs in the page).
 */
export interface PageScope {
  oddsMonitor: OddsMonitorApi
}
