/** Cards or grid: the board's two views of the active list, remembered with it. */
import { changeActiveView } from '../../store/watchlist-store'

export function BoardModeToggle({ mode }: { mode: 'cards' | 'grid' }) {
  return (
    <span className="segmented" role="group" aria-label="Board view">
      {(['cards', 'grid'] as const).map((m) => (
        <button
          key={m}
          type="button"
          data-testid={`board-mode-${m}`}
          aria-pressed={mode === m}
          className={mode === m ? 'on' : undefined}
          onClick={() => void changeActiveView(() => ({ mode: m }))}
        >
          {m === 'cards' ? 'Cards' : 'Grid'}
        </button>
      ))}
    </span>
  )
}
