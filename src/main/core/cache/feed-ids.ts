/**
 * The small integer each feed name (`demo`, `real`) is stored as, so ticks' outcomes, override
 * events, alerts and labels carry no string in their keys. New names get an id on first use.
 */
import type Database from 'better-sqlite3'

export class FeedIds {
  private readonly ids = new Map<string, number>()
  private readonly insert: Database.Statement

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO feed (name) VALUES (?)')
    for (const [id, name] of db.prepare('SELECT id, name FROM feed').raw().all() as [number, string][])
      this.ids.set(name, id)
  }

  /** The name of a feed id this file knows. */
  nameOf(id: number): string | undefined {
    for (const [name, known] of this.ids) if (known === id) return name
    return undefined
  }

  /** The feed's id, created when new (its own statement: it commits even if a later write fails). */
  idOf(name: string): number {
    const known = this.ids.get(name)
    if (known !== undefined) return known
    const id = Number(this.insert.run(name).lastInsertRowid)
    this.ids.set(name, id)
    return id
  }
}
