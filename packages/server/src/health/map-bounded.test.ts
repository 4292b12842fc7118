import { describe, expect, it } from 'vitest'
import { mapBounded } from './map-bounded.js'

describe('mapBounded', () => {
  it('never runs more than the limit at once and keeps the order of results', async () => {
    let running = 0
    let peak = 0
    const results = await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((resolve) => setImmediate(resolve))
      running--
      return n * 10
    })
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(peak).toBe(3)
  })

  it('handles an empty list', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([])
  })
})
