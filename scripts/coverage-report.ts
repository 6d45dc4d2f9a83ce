/**
 * `npm test`'s last step: merges the unit tests' coverage (vitest, coverage/unit) with the e2e
 * suite's (Chromium's coverage of the renderer and the host child's NODE_V8_COVERAGE, both mapped to
 * sources through their source maps; see e2e/coverage.ts), prints one table with a row per folder
 * group, and exits non-zero when a group's line coverage is below its threshold. The thresholds
 * live here and only here.
 *
 * How the two merge: by line. Vitest lists every source file (loaded or not) with its statements;
 * a line that starts a statement is a line to cover, and it is covered when a unit test ran it or
 * the e2e suite ran code on it. The e2e side only adds hits: its own line set (monocart counts
 * every line inside a function, type declarations included) would make the two denominators
 * disagree.
 *
 * The e2e data is consumed: monocart deletes its cache once it has read it, so run `npm test`
 * again for a fresh table.
 *
 * Usage: tsx scripts/coverage-report.ts [coverage dir, default ./coverage]
 */
import { CoverageReport } from 'monocart-coverage-reports'
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { e2eCoverageOptions, hostCoverageEntries } from '../e2e/coverage'

interface Group {
  name: string
  /** Minimum line coverage, in percent. */
  threshold: number
  holds(file: string): boolean
}

const inCore = (file: string) => file.startsWith('src/main/core/')

/**
 * Line coverage each group must reach (issue 12's targets: core 90, shell 85, host 80, renderer 85,
 * overall 85). Set two points under the lowest figures of five runs on a loaded machine (core 95.2,
 * shell 87.6, host 88.0, renderer 90.2, overall 94.2; the e2e part moves a little with timing),
 * never under those targets: the gate catches a fall without failing CI on timing alone.
 */
const GROUPS: readonly Group[] = [
  { name: 'core', threshold: 93, holds: inCore },
  {
    name: 'shell',
    threshold: 85.5,
    holds: (file) => (file.startsWith('src/main/') && !inCore(file)) || file.startsWith('src/preload/'),
  },
  { name: 'host', threshold: 86, holds: (file) => file.startsWith('src/host/') },
  { name: 'renderer', threshold: 88, holds: (file) => file.startsWith('src/renderer/') },
  { name: 'overall', threshold: 92, holds: (file) => file.startsWith('src/') },
]

/**
 * Files that are not product code, so they would only dilute (or pad) the figures:
 * - the tests themselves (*.test.ts / *.test.tsx);
 * - what only tests use, by name: test-*.ts (test-support, test-helpers, a test's bridge client,
 *   the host's --test-faults), *.test-support.ts, testTables.ts, anything named fake, and the
 *   test-support, testing, fixtures and fakes folders;
 * - declaration files, which hold no code.
 */
const EXCLUDED: readonly RegExp[] = [
  /\.test\.tsx?$/,
  /(^|\/)test-[\w-]+\.tsx?$/,
  /\.test-support\.tsx?$/,
  /(^|\/)testTables\.ts$/,
  /(^|\/)(test-support|testing|fixtures|fakes?)\//,
  /(^|[/.-])fakes?[.-]/,
  /\.d\.ts$/,
]

const root = resolve(process.argv[2] ?? 'coverage')

/** Hits per line number, by repository-relative path. */
type LineHits = Map<string, Map<number, number>>

const repoPath = (path: string) => relative(process.cwd(), resolve(path)).replaceAll('\\', '/')
const counted = (path: string) => !EXCLUDED.some((pattern) => pattern.test(path))

/** Vitest's Istanbul JSON, the part read here: where each statement starts, and its hits. */
type IstanbulFiles = Record<
  string,
  { statementMap: Record<string, { start: { line: number } }>; s: Record<string, number> }
>

/** The unit tests' lines: each line that starts a statement, with its best hits (Istanbul's own rule). */
function unitLines(): LineHits {
  const file = resolve(root, 'unit/coverage-final.json')
  if (!existsSync(file)) throw new Error(`missing ${file}: was vitest run with --coverage?`)
  const lines: LineHits = new Map()
  for (const [path, coverage] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as IstanbulFiles)) {
    if (!counted(repoPath(path))) continue
    const hits = new Map<number, number>()
    for (const [id, statement] of Object.entries(coverage.statementMap)) {
      const line = statement.start.line
      hits.set(line, Math.max(hits.get(line) ?? 0, coverage.s[id] ?? 0))
    }
    lines.set(repoPath(path), hits)
  }
  return lines
}

/** The e2e suite's hits per source line; a partly run line ("1/2") counts as run. */
async function e2eLines(): Promise<LineHits> {
  const report = new CoverageReport({ ...e2eCoverageOptions(root), reports: [['none', {}]] })
  const host = hostCoverageEntries(root)
  if (host.length > 0) await report.add(host)
  if (!report.hasCache()) throw new Error(`no e2e coverage under ${root}: was COVERAGE_DIR set for the e2e run?`)
  const results = await report.generate()
  const lines: LineHits = new Map()
  for (const file of results?.files ?? []) {
    const hits = Object.entries(file.data?.lines ?? {}).map(([line, count]): [number, number] => [
      Number(line),
      typeof count === 'number' ? count : 1,
    ])
    lines.set(repoPath(file.sourcePath), new Map(hits))
  }
  return lines
}

interface Tally {
  files: number
  total: number
  unitCovered: number
  covered: number
}

function tally(unit: LineHits, e2e: LineHits, group: Group): Tally {
  const result: Tally = { files: 0, total: 0, unitCovered: 0, covered: 0 }
  for (const [path, lines] of unit) {
    if (!group.holds(path)) continue
    result.files += 1
    const e2eHits = e2e.get(path)
    for (const [line, hits] of lines) {
      result.total += 1
      if (hits > 0) result.unitCovered += 1
      if (hits > 0 || (e2eHits?.get(line) ?? 0) > 0) result.covered += 1
    }
  }
  return result
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: readonly string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
  console.log(line(rows[0]!).join('  '))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row).join('  '))
}

async function main(): Promise<void> {
  const unit = unitLines()
  const e2e = await e2eLines()
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : (100 * part) / whole)
  const shown = (value: number) => `${value.toFixed(1)} %`
  const failures: string[] = []
  const rows = [['group', 'files', 'lines', 'unit only', 'unit + e2e', 'minimum', '']]
  for (const group of GROUPS) {
    const { files, total, unitCovered, covered } = tally(unit, e2e, group)
    const merged = percent(covered, total)
    const ok = merged >= group.threshold
    if (!ok) failures.push(`${group.name} ${shown(merged)} < ${shown(group.threshold)}`)
    rows.push([
      group.name,
      String(files),
      `${covered}/${total}`,
      shown(percent(unitCovered, total)),
      shown(merged),
      shown(group.threshold),
      ok ? 'ok' : 'BELOW',
    ])
  }
  console.log('\nLine coverage by folder (scripts/coverage-report.ts says what counts)\n')
  printTable(rows)
  if (failures.length > 0) {
    console.error(`\ncoverage below the minimum: ${failures.join(', ')}`)
    process.exitCode = 1
  }
}

await main()
