/**
 * Loaded by the host child after `--import tsx` while the e2e suite collects coverage
 * (e2e/coverage.ts): keeps the JavaScript that tsx compiled each project module to (not
 * node_modules), one JSON file per URL under HOST_SOURCES_DIR. Node's coverage of the child counts
 * offsets in that compiled JavaScript, which is nowhere on disk; without it monocart has only tsx's
 * source map and the line lengths, and drops the untested blocks inside tested functions.
 *
 * An in-thread hook (module.registerHooks, Node 22.15+): it sees each module after tsx's
 * off-thread hook has compiled it.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { join } from 'node:path'

const dir = process.env['HOST_SOURCES_DIR'] ?? ''
mkdirSync(dir, { recursive: true })

registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context)
    if (url.startsWith('file:') && !url.includes('/node_modules/') && result.source != null) {
      const source = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source)
      const name = createHash('sha1').update(url).digest('hex')
      writeFileSync(join(dir, `${name}.json`), JSON.stringify({ url, source }))
    }
    return result
  },
})
