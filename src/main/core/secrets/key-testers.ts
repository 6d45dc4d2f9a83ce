/**
 * The cheap real calls that test a key: one class from the data service of the configured sport
 * (bypassing the cache: the point is to reach the server), and the bookmaker record. A key the
 * server rejects may be the other kind of key (shared/wire/keys.ts), so the answer says which kind
 * it was sent as and where that is set.
 */
import type { KeyStyle } from '../../../shared/wire/keys'
import type { DataServiceClient } from '../clients/data-service/data-service-client'
import type { OddsClient } from '../clients/odds/odds-client'
import { failWith, type FeedResult } from '../clients/http/result'
import type { KeyAccount } from './secret-store'
import type { KeyTester } from './key-service'

/** The Settings field of each account's key kind, as the Settings screen labels it. */
const KIND_FIELDS: Record<KeyAccount, string> = {
  'data-service': 'Data service key kind',
  'odds-feed': 'Odds feed key kind',
}
const KIND_WORDS: Record<KeyStyle, string> = { bearer: 'a dashboard key', marketplace: 'a marketplace key' }

export function feedKeyTesters(
  data: DataServiceClient,
  odds: OddsClient,
  sport: () => string,
  keyStyle: (account: KeyAccount) => KeyStyle,
): Record<KeyAccount, KeyTester> {
  const test =
    (account: KeyAccount, call: (signal?: AbortSignal) => Promise<FeedResult<unknown>>): KeyTester =>
    async (signal) =>
      withKindHint(await call(signal), account, keyStyle(account))
  return {
    'data-service': test('data-service', (signal) => data.list(sport(), 'classes', { limit: 1, force: true, signal })),
    'odds-feed': test('odds-feed', (signal) => odds.bookmaker({ signal })),
  }
}

function withKindHint(answer: FeedResult<unknown>, account: KeyAccount, style: KeyStyle): FeedResult<unknown> {
  if (answer.ok || answer.error.kind !== 'key_rejected' || answer.error.status !== 401) return answer
  const other = KIND_WORDS[style === 'bearer' ? 'marketplace' : 'bearer']
  const hint = `sent as ${KIND_WORDS[style]}; if it is ${other}, change "${KIND_FIELDS[account]}" in Settings`
  return failWith('key_rejected', `${answer.error.message} (${hint})`, 401)
}
