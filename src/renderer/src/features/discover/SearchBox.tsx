/** Search teams and leagues as the trader types (debounced); picking a hit lists its matches. */
import { useEffect, useRef, useState } from 'react'
import type { SearchHit } from '../../../../shared/discovery'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { searchFocused, useUiStore } from '../../store/ui-store'

const DEBOUNCE_MS = 250

export function SearchBox({ sport, onPick }: { sport: string; onPick: (hit: SearchHit) => void }) {
  const [text, setText] = useState('')
  // Each answer remembers the query it answers: an error (or late hits) never shows over another query's.
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[]; error: string | null } | null>(null)
  const query = text.trim()
  const input = useRef<HTMLInputElement>(null)
  const focusAsked = useUiStore((s) => s.searchFocusAt)
  useEffect(() => {
    if (focusAsked === null) return
    input.current?.focus()
    searchFocused()
  }, [focusAsked])
  useEffect(() => {
    if (query.length < 2) return
    let cancelled = false
    const timer = setTimeout(() => {
      call('discover:search', { sport, text: query }).then(
        (found) => !cancelled && setAnswer({ query, hits: found, error: null }),
        (e: unknown) => !cancelled && setAnswer({ query, hits: [], error: describeError(e) }),
      )
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [query, sport])
  const current = query.length >= 2 && answer?.query === query ? answer : null
  return (
    <div className="search">
      <input
        type="search"
        aria-label="Search teams and leagues"
        placeholder="Search teams, leagues  (/)"
        data-testid="discover-search"
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setText('')}
      />
      {current && (
        <div className="search-hits" data-testid="search-hits">
          {current.error && <div className="muted pad">{current.error}</div>}
          {!current.error && current.hits.length === 0 && <div className="muted pad">Nothing found.</div>}
          {current.hits.map((hit) => (
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
