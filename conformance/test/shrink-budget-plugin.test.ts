import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createShrinkBudgetPlugin } from '../src/shrink-budget-plugin.js'

/** Every run advances a fake clock by one second, so the budget is counted in runs, not in real time. */
function createClockedProperty(clock: { t: number }) {
  return fc.asyncProperty(
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 50 }),
    async (values) => {
      clock.t += 1000
      expect(values.reduce((a, b) => a + b, 0)).toBeLessThan(500)
    },
  )
}

describe('createShrinkBudgetPlugin', () => {
  it('ends shrinking when the budget is spent and fast-check reports the smallest counterexample so far', async () => {
    const clock = { t: 0 }
    const lines: string[] = []
    const plugin = createShrinkBudgetPlugin<[number[]]>({
      budgetMs: 5000,
      everyMs: 2000,
      label: '[e] s.k',
      report: (line) => lines.push(line),
      now: () => clock.t,
    })
    const details = await fc.check(createClockedProperty(clock), { seed: 7, numRuns: 100, plugins: [plugin] })
    expect(details.failed).toBe(true)
    expect(details.interrupted).toBe(true)
    expect(details.counterexample).not.toBeNull()
    expect(details.numShrinks).toBeGreaterThan(0)
    expect(lines[0]).toMatch(/^\[e\] s\.k: failing at run \d+, shrinking \(budget 5 s\)…$/)
    expect(
      lines.some((line) => /failing, shrinking… step \d+, \d+ smaller counterexamples, \d+ s of 5 s$/.test(line)),
    ).toBe(true)
    expect(lines.at(-1)).toMatch(
      /shrink budget of 5 s spent after \d+ steps; reporting the smallest counterexample so far$/,
    )
  })

  it('lets shrinking finish within the budget and says how many steps it took', async () => {
    const clock = { t: 0 }
    const lines: string[] = []
    const plugin = createShrinkBudgetPlugin<[number[]]>({
      budgetMs: 1e9,
      label: '[e] s.k',
      report: (line) => lines.push(line),
      now: () => clock.t,
    })
    const details = await fc.check(createClockedProperty(clock), { seed: 7, numRuns: 100, plugins: [plugin] })
    expect(details.failed).toBe(true)
    expect(details.interrupted).toBe(false)
    expect(details.counterexample?.[0].reduce((a, b) => a + b, 0)).toBe(500)
    expect(lines.at(-1)).toMatch(/^\[e\] s\.k: shrunk in \d+ steps \(\d+ smaller counterexamples, \d+ s\)$/)
  })

  it('stays silent on a passing property', async () => {
    const lines: string[] = []
    const plugin = createShrinkBudgetPlugin<[number]>({
      budgetMs: 1000,
      label: 'x',
      report: (line) => lines.push(line),
    })
    const details = await fc.check(
      fc.asyncProperty(fc.nat(), async (n: number) => {
        expect(n).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 20, plugins: [plugin] },
    )
    expect(details.failed).toBe(false)
    expect(lines).toEqual([])
  })
})
