import { useState } from 'react'
import type { TeamRef } from '../../../shared/discovery'
import { imageUrl } from '../bridge'

/** A team's image, or its initials in a coloured circle when there is none (or it fails to load). */
export function TeamBadge({ team }: { team: TeamRef }) {
  const src = imageUrl(team.hashImage)
  const [failed, setFailed] = useState(false)
  if (src && !failed) return <img className="team-badge" src={src} alt="" onError={() => setFailed(true)} />
  return (
    <span className="team-badge initials" style={{ background: colourOf(team.name) }} aria-hidden>
      {initialsOf(team.name)}
    </span>
  )
}

function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?'
  )
}

function colourOf(name: string): string {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0
  return `hsl(${Math.abs(hash) % 360} 35% 32%)`
}
