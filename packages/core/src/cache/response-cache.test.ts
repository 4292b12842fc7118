import { describe, expect, it } from 'vitest'
import { ResponseCache, type CachedAnswer } from './response-cache.js'

const page = (json: string): CachedAnswer => ({
  result: { kind: 'page', json, more: false, cursor: null },
  marker: undefined,
})

function clock(start = 1_000_000): { now(): number; advance(ms: number): void } {
  let t = start
  return {
    now: () => t,
    advance: (ms) => {
      t += ms
    },
  }
}

describe('ResponseCache (level 1)', () => {
  it('answers until the entry is older than its TTL', () => {
    const time = clock()
    const cache = new ResponseCache(undefined, undefined, time)
    const ticket = cache.begin(['a'])!
    cache.set('k', undefined, ticket, page('[1]'), 5000)
    time.advance(4999)
    expect(cache.getLocal('k', ['a'])?.result.json).toBe('[1]')
    time.advance(2)
    expect(cache.getLocal('k', ['a'])).toBeUndefined()
  })

  it('drops an entry when one of its tags is evicted, and keeps entries of other tags', async () => {
    const cache = new ResponseCache(undefined)
    cache.set('ab', undefined, cache.begin(['a', 'b'])!, page('[1]'), 60_000)
    cache.set('c', undefined, cache.begin(['c'])!, page('[2]'), 60_000)
    await cache.evict(['b'])
    expect(cache.getLocal('ab', ['a', 'b'])).toBeUndefined()
    expect(cache.getLocal('c', ['c'])?.result.json).toBe('[2]')
  })

  it('keeps an answer read before an eviction stale, even when it is stored after the eviction', async () => {
    const cache = new ResponseCache(undefined)
    const ticket = cache.begin(['a'])!
    await cache.evict(['a']) // a write lands while the read runs
    cache.set('k', undefined, ticket, page('[old]'), 60_000)
    expect(cache.getLocal('k', ['a'])).toBeUndefined()
    cache.set('k', undefined, cache.begin(['a'])!, page('[new]'), 60_000)
    expect(cache.getLocal('k', ['a'])?.result.json).toBe('[new]')
  })

  it('does not store an answer larger than the entry limit', () => {
    const cache = new ResponseCache(undefined, { maxEntries: 10, maxBytes: 10_000, maxEntryBytes: 1000 })
    cache.set('big', undefined, cache.begin(['a'])!, page(`["${'x'.repeat(600)}"]`), 60_000)
    cache.set('small', undefined, cache.begin(['a'])!, page('[1]'), 60_000)
    expect(cache.getLocal('big', ['a'])).toBeUndefined()
    expect(cache.getLocal('small', ['a'])).toBeDefined()
  })

  it('keeps at most maxEntries, the least recently used going first', () => {
    const cache = new ResponseCache(undefined, { maxEntries: 2, maxBytes: 1_000_000, maxEntryBytes: 100_000 })
    for (const key of ['1', '2']) cache.set(key, undefined, cache.begin([])!, page(`[${key}]`), 60_000)
    cache.getLocal('1', [])
    cache.set('3', undefined, cache.begin([])!, page('[3]'), 60_000)
    expect(cache.getLocal('2', [])).toBeUndefined()
    expect(cache.getLocal('1', [])).toBeDefined()
    expect(cache.getLocal('3', [])).toBeDefined()
  })
})
