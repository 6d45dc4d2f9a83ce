/**
 * How the diagnostic bundle's sources keep a text they may cut: a key straddling the cut must
 * still be whole when the bundle scrubs (it cuts after), and a short piece of a huge text must not
 * hold the whole (a slice can), so a long text is kept as a copy of its first cap + SCRUB_MARGIN.
 */
export const SCRUB_MARGIN = 512

export function keptText(text: string, cap: number): string {
  return text.length > cap + SCRUB_MARGIN ? Buffer.from(text.slice(0, cap + SCRUB_MARGIN)).toString() : text
}
