/** Ctrl/Cmd+K: every command by name, filtered as the trader types, run with Enter. */
import { useState } from 'react'
import { Modal } from '../../components/Modal'
import { setPaletteOpen } from '../../store/ui-store'

export interface Command {
  id: string
  label: string
  hint?: string
  run: () => void
}

export function CommandPalette({ commands }: { commands: Command[] }) {
  const [text, setText] = useState('')
  const [index, setIndex] = useState(0)
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  const shown = commands.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)))
  const close = () => setPaletteOpen(false)
  const runAt = (i: number) => {
    const command = shown[i]
    if (!command) return
    close()
    command.run()
  }
  return (
    <Modal label="Command palette" testId="command-palette" className="palette" onClose={close}>
      <input
        autoFocus
        aria-label="Command"
        placeholder="Type a command…"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setIndex(0)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close()
          else if (e.key === 'ArrowDown') setIndex((i) => Math.min(shown.length - 1, i + 1))
          else if (e.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1))
          else if (e.key === 'Enter') runAt(index)
          else return
          e.preventDefault()
        }}
      />
      <ul className="palette-list">
        {shown.map((c, i) => (
          <li
            key={c.id}
            className={i === index ? 'selected' : ''}
            onMouseEnter={() => setIndex(i)}
            onClick={() => runAt(i)}
          >
            {c.label}
            {c.hint && <kbd>{c.hint}</kbd>}
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No command matches.</li>}
      </ul>
    </Modal>
  )
}
