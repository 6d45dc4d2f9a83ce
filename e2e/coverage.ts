/**
 * Coverage of the end-to-end suite, collected only when `npm test` asks for it by setting
 * COVERAGE_DIR (scripts/test.sh): the renderer's JavaScript as Chromium ran it (kept in
 * monocart-coverage-reports' cache under COVERAGE_DIR/e2e), and the browser host child process
 * through Node's own NODE_V8_COVERAGE. Both are raw V8 data, turned into per-source figures through
 * source maps by scripts/coverage-report.ts.
 */
import type { Page } from '@playwright/test'
import { CoverageReport, type CoverageReportOptions } from 'monocart-coverage-reports'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BRIDGE_SCRIPT_PATH } from '../src/host/protocol'

type JsCoverage = Awaited<ReturnType<Page['coverage']['stopJSCoverage']>>

/** The root folder of this run's coverage data, or undefined when coverage is not collected. */
export function coverageDir(): string | undefined {
  const dir = process.env['COVERAGE_DIR']
  return dir ? resolve(dir) : undefined
}

/** Where the host child writes its raw V8 coverage (Node's NODE_V8_COVERAGE format). */
function hostCoverageDir(root: string): string {
  return join(root, 'host-raw')
}

/** Where the host child keeps the JavaScript tsx compiled its modules to (e2e/host-coverage.mjs). */
function hostSourcesDir(root: string): string {
  return join(root, 'host-sources')
}

/**
 * The one set of options for the e2e data, shared by the fixture that adds to the cache and the
 * report that reads it back. Only the project's own sources count: the bundles also hold React and
 * the other dependencies, and the host child also runs tsx and node_modules.
 */
export function e2eCoverageOptions(root: string): CoverageReportOptions {
  return {
    name: 'e2e',
    outputDir: join(root, 'e2e'),
    logging: 'error',
    entryFilter: (entry) => !entry.url.startsWith('node:') && !entry.url.includes('/node_modules/'),
    sourceFilter: (sourcePath: string) => sourcePath.includes('src/') && !sourcePath.includes('node_modules'),
  }
}

/**
 * Node flags (to follow `--import tsx`) and environment that make the host child write its
 * coverage and the compiled sources it counts in; empty when not collecting.
 */
export function hostCoverageLaunch(): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  const root = coverageDir()
  if (!root) return { execArgv: [], env: {} }
  return {
    execArgv: ['--import', resolve('e2e/host-coverage.mjs')],
    env: { NODE_V8_COVERAGE: hostCoverageDir(root), HOST_SOURCES_DIR: hostSourcesDir(root) },
  }
}

interface NodeCoverageFile {
  result: Array<{ url: string; functions: unknown[] }>
}

/**
 * The host children's coverage of the project's modules as V8 entries with the compiled source
 * each ran (its inline source map leads back to the TypeScript), ready for monocart's `add`.
 */
export function hostCoverageEntries(root: string): Array<{ url: string; functions: unknown[]; source: string }> {
  if (!existsSync(hostSourcesDir(root))) return []
  const sources = new Map<string, string>()
  for (const name of readdirSync(hostSourcesDir(root))) {
    const { url, source } = JSON.parse(readFileSync(join(hostSourcesDir(root), name), 'utf8')) as Record<string, string>
    if (url && source) sources.set(url, source)
  }
  const entries = []
  for (const name of readdirSync(hostCoverageDir(root))) {
    const file = JSON.parse(readFileSync(join(hostCoverageDir(root), name), 'utf8')) as NodeCoverageFile
    for (const { url, functions } of file.result) {
      const source = sources.get(url)
      if (source !== undefined) entries.push({ url, functions, source })
    }
  }
  return entries
}

const rendererAssets = resolve('out/renderer')

/**
 * Keeps the page scripts the app itself served (the renderer bundle and the host's bridge script)
 * and files them under one stable name: every test's host listens on its own port, and the same
 * script under one name is merged once. The renderer bundle is renamed to its file in out/, whose
 * neighbouring .map the report reads; the bridge script carries its source map inline.
 */
function appScripts(entries: JsCoverage): JsCoverage {
  const kept: JsCoverage = []
  for (const entry of entries) {
    const url = URL.canParse(entry.url) ? new URL(entry.url) : undefined
    if (!url || !url.protocol.startsWith('http')) continue
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      kept.push({ ...entry, url: pathToFileURL(join(rendererAssets, url.pathname)).href })
    } else if (url.pathname === BRIDGE_SCRIPT_PATH) {
      kept.push({ ...entry, url: `http://host${BRIDGE_SCRIPT_PATH}` })
    }
  }
  return kept
}

/** Starts recording the page's JavaScript coverage when collecting; answers the step that stores it. */
export async function recordPageCoverage(page: Page): Promise<() => Promise<void>> {
  const root = coverageDir()
  if (!root) return async () => {}
  await page.coverage.startJSCoverage({ resetOnNavigation: false })
  return async () => {
    if (page.isClosed()) return // a spec that closed its page has nothing left to report
    const entries = appScripts(await page.coverage.stopJSCoverage())
    if (entries.length > 0) await new CoverageReport(e2eCoverageOptions(root)).add(entries)
  }
}
