import { describe, expect, it } from 'vitest'
import { fitText, TextFitter } from './fit-text'

/** Every character 10 px wide but the ellipsis, 6 px: widths easy to reason about. */
const measure = (text: string) => Array.from(text).reduce((sum, c) => sum + (c === '…' ? 6 : 10), 0)

describe('fitText', () => {
  it('keeps a text that fits whole', () => {
    expect(fitText('Over', 40, measure)).toBe('Over')
  })

  it('cuts a longer text to the longest start that fits with an ellipsis', () => {
    // 4 characters and the ellipsis: 46 px.
    expect(fitText('Total goals', 49, measure)).toBe('Tota…')
    expect(fitText('Total goals', 46, measure)).toBe('Tota…')
    expect(fitText('Total goals', 45, measure)).toBe('Tot…')
  })

  it('keeps a space before the ellipsis, as the browser draws it', () => {
    expect(fitText('L. Antonsen', 36, measure)).toBe('L. …')
  })

  it('never cuts a character made of two code units in half', () => {
    expect(fitText('ab😀cd', 36, measure)).toBe('ab😀…')
  })

  it('answers the ellipsis alone when no character fits, and nothing when not even that', () => {
    expect(fitText('Over', 9, measure)).toBe('…')
    expect(fitText('Over', 5, measure)).toBe('')
  })
})

describe('TextFitter', () => {
  it('measures each text once for its width', () => {
    const seen: string[] = []
    const fitter = new TextFitter(45, (text) => (seen.push(text), measure(text)))
    expect(fitter.fit('Total goals')).toBe('Tot…')
    const measured = seen.length
    expect(fitter.fit('Total goals')).toBe('Tot…')
    expect(seen.length).toBe(measured)
  })
})
