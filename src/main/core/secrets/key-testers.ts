/**
 * The cheap real calls that test a key: one class from the data service of the configured sport
 * (bypassing the cache: the point is to reach the server), and the bookmaker record.
 */
import type { DataServiceClient } from '../clients/data-service/data-service-client'
import type { OddsClient } from '../clients/odds/odds-client'
import type { KeyAccount } from './secret-store'
import type { KeyTester } from './key-service'

export function feedKeyTesters(
  data: DataServiceClient,
  odds: OddsClient,
  sport: () => string,
): Record<KeyAccount, KeyTester> {
  return {
    'data-service': (signal) => data.list(sport(), 'classes', { limit: 1, force: true, signal }),
    'odds-feed': (signal) => odds.bookmaker({ signal }),
  }
}
