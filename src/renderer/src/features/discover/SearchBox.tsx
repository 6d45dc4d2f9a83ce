/**
 * Search teams and leagues as the trader types (debounced); picking a hit lists its matches. The
 * hits are picked by mouse, or from the field with ↑/↓ and Enter (Esc clears the field).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
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
  const hits = current?.hits ?? []
  // The hit ↑/↓ moved to, for this answer only: a new answer starts with none.
  const [active, setActive] = useState<{ query: string; index: number } | null>(null)
  const activeIndex = active && active.query === current?.query ? active.index : -1
  const pick = (hit: SearchHit) => {
    onPick(hit)
    setText('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0
    if (move !== 0 && current && hits.length > 0) {
      e.preventDefault()
      setActive({ query: current.query, index: (activeIndex + move + hits.length) % hits.length })
    } else if (e.key === 'Enter' && hits[activeIndex]) {
      e.preventDefault()
      pick(hits[activeIndex])
    } else if (e.key === 'Escape') setText('')
  }
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
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={current !== null}
        aria-controls="search-hits"
        aria-activedescendant={activeIndex >= 0 ? `search-hit-${activeIndex}` : undefined}
      />
      {current && (
        <div className="search-hits" data-testid="search-hits" id="search-hits" role="listbox">
          {current.error && <div className="muted pad">{current.error}</div>}
          {!current.error && current.hits.length === 0 && <div className="muted pad">Nothing found.</div>}
          {hits.map((hit, i) => (
            <button
              type="button"
              key={`${hit.kind}:${hit.id}`}
              id={`search-hit-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              className={i === activeIndex ? 'search-hit active' : 'search-hit'}
              onClick={() => pick(hit)}
            >
              <span className="badge">{hit.kind}</span> {hit.name} <span className="muted">{hit.detail}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
