/**
 * Marks on the path to the first board paint, as User Timing marks (`performance.mark`), so the
 * startup bench can say where the time goes: in Node, `performance.now()` counts from the
 * process's start; in a page, from its navigation. Each name is marked once (a reconnect that
 * loads the board again is not a start), and reading them costs nothing until someone asks.
 */
const PREFIX = 'startup:'

export function markStartup(name: string): void {
  if (performance.getEntriesByName(PREFIX + name, 'mark').length === 0) performance.mark(PREFIX + name)
}

/** Every start-up mark so far: name → ms since the process (or the page's navigation) started. */
export function startupMarks(): Record<string, number> {
  const marks: Record<string, number> = {}
  for (const entry of performance.getEntriesByType('mark')) {
    if (entry.name.startsWith(PREFIX)) marks[entry.name.slice(PREFIX.length)] = Math.round(entry.startTime)
  }
  return marks
}

/** One log line: where the start went, e.g. "startup (ms since start): host:modules-loaded 80, …". */
export function describeStartupMarks(): string {
  const marks = Object.entries(startupMarks()).sort((a, b) => a[1] - b[1])
  return `startup (ms since start): ${marks.map(([name, ms]) => `${name} ${ms}`).join(', ')}`
}
