import { describe, expect, it } from 'vitest'
import type { Principal } from '@sluice/core'
import { VERIFIED_TOKEN_MAX_AGE_MS, VerifiedTokenCache } from './verified-token-cache.js'

const principal: Principal = Object.freeze({ authenticated: true, roles: ['reader'], claims: {} })

describe('VerifiedTokenCache', () => {
  it('keeps a token while exp plus the clock skew holds, never longer', () => {
    let now = 1_000_000
    const cache = new VerifiedTokenCache({ now: () => now })
    cache.set('t', principal, 1_010, 5) // valid while now < 1,015,000 ms
    expect(cache.get('t')).toBe(principal)
    now = 1_014_999
    expect(cache.get('t')).toBe(principal)
    now = 1_015_000
    expect(cache.get('t')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('keeps a long-lived token a minute at most', () => {
    let now = 0
    const cache = new VerifiedTokenCache({ now: () => now })
    cache.set('t', principal, 86_400, 0)
    now = VERIFIED_TOKEN_MAX_AGE_MS - 1
    expect(cache.get('t')).toBe(principal)
    now = VERIFIED_TOKEN_MAX_AGE_MS
    expect(cache.get('t')).toBeUndefined()
  })

  it('keeps a token no longer than the given age', () => {
    let now = 0
    const cache = new VerifiedTokenCache({ maxAgeMs: 10, now: () => now })
    cache.set('t', principal, 86_400, 0)
    now = 10
    expect(cache.get('t')).toBeUndefined()
    const none = new VerifiedTokenCache({ maxAgeMs: 0, now: () => 0 })
    none.set('t', principal, 86_400, 0)
    expect(none.size).toBe(0)
  })

  it('does not keep a token without exp, or one already past it', () => {
    const cache = new VerifiedTokenCache({ now: () => 100_000 })
    cache.set('no-exp', principal, undefined, 0)
    cache.set('past', principal, 90, 5)
    expect(cache.size).toBe(0)
  })

  it('holds at most max tokens, dropping the least recently used', () => {
    const cache = new VerifiedTokenCache({ max: 2, now: () => 0 })
    cache.set('a', principal, 100, 0)
    cache.set('b', principal, 100, 0)
    cache.get('a')
    cache.set('c', principal, 100, 0)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([principal, undefined, principal])
  })
})
