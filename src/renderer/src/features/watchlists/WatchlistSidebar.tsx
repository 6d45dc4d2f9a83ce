/** Watchlists: pick, create, rename, delete, reorder; the active list's matches in board order. */
import { useState } from 'react'
import type { Watchlist } from '../../../../shared/watchlists'
import { activeWatchlist, runWatchlistCommand, useWatchlistStore } from '../../store/watchlist-store'
import { focusMatch } from '../../store/ui-store'

export function WatchlistSidebar() {
  const { state, error } = useWatchlistStore()
  const [newName, setNewName] = useState('')
  const active = activeWatchlist(state)
  const lists = state?.lists ?? []
  const create = async () => {
    if (await runWatchlistCommand({ op: 'create', name: newName })) setNewName('')
  }
  const move = (index: number, by: number) => {
    const ids = lists.map((l) => l.id)
    const [id] = ids.splice(index, 1)
    if (id === undefined) return
    ids.splice(Math.max(0, Math.min(ids.length, index + by)), 0, id)
    void runWatchlistCommand({ op: 'reorder', ids })
  }
  return (
    <aside className="sidebar" data-testid="watchlists">
      <div className="panel-title">Watchlists</div>
      {error && <div className="inline-note">{error}</div>}
      <ul className="list-names">
        {lists.map((list, index) => (
          <ListRow
            key={list.id}
            list={list}
            active={list.id === active?.id}
            onMove={(by) => move(index, by)}
            first={index === 0}
            last={index === lists.length - 1}
          />
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          void create()
        }}
      >
        <input
          aria-label="New watchlist name"
          placeholder="New watchlist"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <button type="submit" disabled={newName.trim() === ''}>
          Add
        </button>
      </form>
      {active && (
        <>
          <div className="panel-title">
            {active.name} <span className="muted num">{active.matches.length}</span>
          </div>
          <ul className="list-matches" data-testid="watchlist-matches">
            {active.matches.map((m, index) => (
              <li key={m.matchId} data-testid="watchlist-match">
                <button
                  type="button"
                  className="link match-link"
                  onClick={() => focusMatch(m.matchId)}
                  title={`${m.leagueName}`}
                >
                  {m.home.name} v {m.away.name}
                </button>
                <span className="row-actions">
                  <button
                    type="button"
                    className="icon-button"
                    title="Move up"
                    disabled={index === 0}
                    onClick={() =>
                      void runWatchlistCommand({
                        op: 'moveMatch',
                        id: active.id,
                        matchId: m.matchId,
                        toIndex: index - 1,
                      })
                    }
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    title="Move down"
                    disabled={index === active.matches.length - 1}
                    onClick={() =>
                      void runWatchlistCommand({
                        op: 'moveMatch',
                        id: active.id,
                        matchId: m.matchId,
                        toIndex: index + 1,
                      })
                    }
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    title="Remove"
                    onClick={() => void runWatchlistCommand({ op: 'removeMatch', id: active.id, matchId: m.matchId })}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  )
}

function ListRow({
  list,
  active,
  onMove,
  first,
  last,
}: {
  list: Watchlist
  active: boolean
  onMove: (by: number) => void
  first: boolean
  last: boolean
}) {
  const [renaming, setRenaming] = useState<string | null>(null)
  if (renaming !== null) {
    return (
      <li>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault()
            void runWatchlistCommand({ op: 'rename', id: list.id, name: renaming }).then(
              (ok) => ok && setRenaming(null),
            )
          }}
        >
          <input
            aria-label="Watchlist name"
            value={renaming}
            onChange={(e) => setRenaming(e.target.value)}
            autoFocus
            onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
          />
          <button type="submit">Save</button>
        </form>
      </li>
    )
  }
  return (
    <li className={active ? 'active' : ''} data-testid="watchlist">
      <button
        type="button"
        className="link list-name"
        onClick={() => void runWatchlistCommand({ op: 'activate', id: list.id })}
      >
        {list.name} <span className="muted num">{list.matches.length}</span>
      </button>
      <span className="row-actions">
        <button type="button" className="icon-button" title="Move up" disabled={first} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="icon-button" title="Move down" disabled={last} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="icon-button" title="Rename" onClick={() => setRenaming(list.name)}>
          ✎
        </button>
        <button
          type="button"
          className="icon-button"
          title="Delete"
          onClick={() => {
            if (window.confirm(`Delete the watchlist "${list.name}"?`))
              void runWatchlistCommand({ op: 'delete', id: list.id })
          }}
        >
          🗑
        </button>
      </span>
    </li>
  )
}
