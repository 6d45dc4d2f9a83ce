/** Search teams and leagues as the trader types (debounced); picking a hit lists its matches. */
import { useEffect, useState } from 'react'
import type { SearchHit } from '../../../../shared/discovery'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'

const DEBOUNCE_MS = 250

export function SearchBox({ sport, onPick }: { sport: string; onPick: (hit: SearchHit) => void }) {
  const [text, setText] = useState('')
  const [hits, setHits] = useState<SearchHit[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const query = text.trim()
  useEffect(() => {
    if (query.length < 2) return
    let cancelled = false
    const timer = setTimeout(() => {
      call('discover:search', { sport, text: query }).then(
        (found) => {
          if (cancelled) return
          setHits(found)
          setError(null)
        },
        (e: unknown) => !cancelled && setError(describeError(e)),
      )
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [query, sport])
  const open = query.length >= 2 && (hits !== null || error !== null)
  return (
    <div className="search">
      <input
        type="search"
        aria-label="Search teams and leagues"
        placeholder="Search teams, leagues  (/)"
        data-testid="discover-search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setText('')}
      />
      {open && (
        <div className="search-hits" data-testid="search-hits">
          {error && <div className="muted pad">{error}</div>}
          {hits?.length === 0 && <div className="muted pad">Nothing found.</div>}
          {hits?.map((hit) => (
            <button
              type="button"
              key={`${hit.kind}:${hit.id}`}
              className="search-hit"
              onClick={() => {
                onPick(hit)
                setText('')
              }}
            >
              <span className="badge">{hit.kind}</span> {hit.name} <span className="muted">{hit.detail}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
