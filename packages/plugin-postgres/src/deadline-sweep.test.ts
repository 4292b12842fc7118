import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DeadlineSweep } from './deadline-sweep.js'

describe('DeadlineSweep', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('expires a watched call once, never before its limit and less than two periods after it', () => {
    const sweep = new DeadlineSweep(1000) // a period of 100 ms
    sweep.watch(() => undefined) // starts the timer, so the call below begins between two sweeps
    vi.advanceTimersByTime(50)
    const expired: number[] = []
    sweep.watch(() => {
      expired.push(Date.now())
    })
    const start = Date.now()
    vi.advanceTimersByTime(999)
    expect(expired).toEqual([])
    vi.advanceTimersByTime(200)
    expect(expired).toHaveLength(1)
    expect(expired[0]! - start).toBeGreaterThanOrEqual(1000)
    expect(expired[0]! - start).toBeLessThan(1200)
    vi.advanceTimersByTime(5000)
    expect(expired).toHaveLength(1)
    sweep.close()
  })

  it('never expires a call unwatched in time, and expires the others in the order they were watched', () => {
    const sweep = new DeadlineSweep(100) // a period of 10 ms
    const expired: string[] = []
    const first = (): void => {
      expired.push('first')
    }
    const second = (): void => {
      expired.push('second')
    }
    const third = (): void => {
      expired.push('third')
    }
    sweep.watch(first)
    vi.advanceTimersByTime(30)
    const watched = sweep.watch(second)
    sweep.watch(third)
    sweep.unwatch(watched)
    sweep.unwatch(watched) // twice is harmless
    vi.advanceTimersByTime(115)
    expect(expired).toEqual(['first', 'third'])
    sweep.close()
  })

  it('keeps its list whole whichever watch ends first: oldest, newest, middle or the only one', () => {
    const sweep = new DeadlineSweep(100)
    const expired: number[] = []
    const watches = [0, 1, 2, 3, 4].map((n) =>
      sweep.watch(() => {
        expired.push(n)
      }),
    )
    sweep.unwatch(watches[0]!)
    sweep.unwatch(watches[4]!)
    sweep.unwatch(watches[2]!)
    vi.advanceTimersByTime(120)
    expect(expired).toEqual([1, 3])
    const only = sweep.watch(() => {
      expired.push(5)
    })
    sweep.unwatch(only)
    sweep.watch(() => {
      expired.push(6)
    })
    vi.advanceTimersByTime(120)
    expect(expired).toEqual([1, 3, 6])
    sweep.close()
  })

  it('lets an expiring call watch another, which then gets a whole limit of its own', () => {
    const sweep = new DeadlineSweep(100)
    const expired: string[] = []
    sweep.watch(() => {
      expired.push('outer')
      sweep.watch(() => {
        expired.push('inner')
      })
    })
    vi.advanceTimersByTime(130)
    expect(expired).toEqual(['outer'])
    vi.advanceTimersByTime(130)
    expect(expired).toEqual(['outer', 'inner'])
    sweep.close()
  })

  it('keeps no process alive, and after close expires nothing', () => {
    const sweep = new DeadlineSweep(100)
    const expire = vi.fn()
    sweep.watch(expire)
    sweep.close()
    vi.advanceTimersByTime(1000)
    expect(expire).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('runs one timer however many calls it watches', () => {
    const sweep = new DeadlineSweep(30_000)
    for (let i = 0; i < 100; i++) sweep.watch(() => undefined)
    expect(vi.getTimerCount()).toBe(1)
    sweep.close()
  })
})
