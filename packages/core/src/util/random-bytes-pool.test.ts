import { describe, expect, it } from 'vitest'
import { RandomBytesPool } from './random-bytes-pool.js'

describe('RandomBytesPool', () => {
  it('hands out distinct byte strings of the asked length across refills', () => {
    const pool = new RandomBytesPool()
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const bytes = pool.take(12)
      expect(bytes.length).toBe(12)
      seen.add(bytes.toString('hex'))
    }
    expect(seen.size).toBe(2000)
    expect(pool.take(10_000).length).toBe(10_000)
  })

  it('returns copies, so later takes never change earlier ones', () => {
    const pool = new RandomBytesPool()
    const first = pool.take(12)
    const copy = Buffer.from(first)
    for (let i = 0; i < 1000; i++) pool.take(12)
    expect(first.equals(copy)).toBe(true)
  })
})
