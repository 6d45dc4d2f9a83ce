/**
 * DECISION (per-sport base URL). Settings hold ONE data-service URL: the base of the configured
 * sport (`Settings.sport`). Another sport's base is that URL with the sport's name swapped:
 *
 *   1. where the configured sport is the LAST PATH SEGMENT — `http://127.0.0.1:P/data/badminton`
 *      → `http://127.0.0.1:P/data/hockey` (the simulator, a gateway with a path per sport); else
 *   2. where it is the FIRST HOST LABEL — `https://badminton.example.com/` →
 *      `https://hockey.example.com/` (the real provider's host per sport, field-notes.md), or that
 *      label is the sport's marketplace label — `https://badminton-devs.p.rapidapi.com/` →
 *      `https://hockey-devs.p.rapidapi.com/` (a marketplace key's hosts, shared/wire/keys.ts K2).
 *
 * If the configured sport appears in neither place, only that sport has an address and any other
 * sport answers "no data service address for <sport>". No template syntax: the setting stays a
 * plain URL that Settings can validate and a trader can paste from the provider's dashboard.
 */
import { marketplaceHostLabel } from '../../../../shared/wire/keys'
import { failWith, succeed, type FeedResult } from '../http/result'
import { checkSportName } from '../http/kebab-name'

export function dataBaseUrlForSport(configuredUrl: string, configuredSport: string, sport: string): FeedResult<string> {
  const badName = checkSportName(sport)
  if (badName) return badName
  if (!URL.canParse(configuredUrl)) return failWith('bad_request', 'no valid address set for the data service')
  if (sport === configuredSport) return succeed(configuredUrl)
  const url = new URL(configuredUrl)
  const segments = url.pathname.replace(/\/+$/, '').split('/')
  if (segments.at(-1) === configuredSport) {
    url.pathname = [...segments.slice(0, -1), sport].join('/')
    return succeed(url.toString())
  }
  const labels = url.hostname.split('.')
  const [first, ...rest] = labels
  if (labels.length > 2 && (first === configuredSport || first === marketplaceHostLabel(configuredSport))) {
    const label = first === configuredSport ? sport : marketplaceHostLabel(sport)
    url.hostname = [label, ...rest].join('.')
    return succeed(url.toString())
  }
  return failWith('not_available', `no data service address for ${sport}`)
}
