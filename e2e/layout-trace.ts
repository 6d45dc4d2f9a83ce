/**
 * Which boxes Chromium lays out: a trace of the page's layout passes, and what the boxes a partial
 * pass started from (its roots: relayout boundaries of fixed size) are. A pass from the page's root
 * is what a change that should stay in its own box must not cause.
 */
import type { Page } from '@playwright/test'

/** What Chrome's trace says of one layout pass: from the page's root, or only from some boxes (the roots). */
interface LayoutPass {
  ph: string
  name: string
  args: { beginData?: { partialLayout: boolean }; endData?: { layoutRoots?: Array<{ nodeId: number }> } }
}

/** The layout passes of the page while `during` runs. */
export async function traceLayouts(page: Page, during: () => Promise<void>): Promise<LayoutPass[]> {
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser to trace')
  await browser.startTracing(page, { categories: ['devtools.timeline'] })
  await during()
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: LayoutPass[] }).traceEvents
  return events.filter((e) => e.name === 'Layout' && e.ph === 'X')
}

/**
 * `describe` (a function declaration run with the box's element as `this`) of every root of the
 * partial passes, one answer per distinct root still in the page.
 */
export async function describeLayoutRoots(page: Page, passes: LayoutPass[], describe: string): Promise<unknown[]> {
  const partial = passes.filter((e) => e.args.beginData?.partialLayout)
  const roots = new Set(partial.flatMap((e) => e.args.endData?.layoutRoots ?? []).map((r) => r.nodeId))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.getDocument')
  const answers: unknown[] = []
  for (const backendNodeId of roots) {
    const node = await cdp.send('DOM.resolveNode', { backendNodeId }).catch(() => null)
    if (!node?.object.objectId) continue
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: node.object.objectId,
      functionDeclaration: describe,
      returnByValue: true,
    })
    answers.push(result.value)
  }
  await cdp.detach()
  return answers
}
