/**
 * Measurement switches read once from the page URL. Off by default; tests and the render bench
 * turn them on (`?renderCount=1`, `?paintProbe=1`) to read figures the screen cannot show.
 */
const params = new URLSearchParams(globalThis.location?.search ?? '')

export const RENDER_COUNT_ENABLED = params.get('renderCount') === '1'
export const PAINT_PROBE_ENABLED = params.get('paintProbe') === '1'
