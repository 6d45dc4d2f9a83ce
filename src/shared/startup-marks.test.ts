import { afterEach, describe, expect, it } from 'vitest'
import { describeStartupMarks, markStartup, startupMarks } from './startup-marks'

afterEach(() => performance.clearMarks())

describe('start-up marks', () => {
  it('keeps each step once, at its first time, in ms since the process started', () => {
    const before = performance.now()
    markStartup('test:first')
    const first = startupMarks()['test:first']
    markStartup('test:first')
    expect(performance.getEntriesByName('startup:test:first', 'mark')).toHaveLength(1)
    expect(startupMarks()['test:first']).toBe(first)
    expect(first).toBeGreaterThanOrEqual(Math.floor(before))
  })

  it('leaves out marks that are not start-up steps, and says the steps in the order they happened', () => {
    performance.mark('someone-else')
    markStartup('test:a')
    markStartup('test:b')
    expect(Object.keys(startupMarks())).toEqual(['test:a', 'test:b'])
    expect(describeStartupMarks()).toMatch(/^startup \(ms since start\): test:a \d+, test:b \d+$/)
  })
})
