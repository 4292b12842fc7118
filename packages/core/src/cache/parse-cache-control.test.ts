import { describe, expect, it } from 'vitest'
import { NO_DIRECTIVES, parseCacheControl } from './parse-cache-control.js'

describe('parseCacheControl', () => {
  it('reads nothing from an absent or empty header', () => {
    expect(parseCacheControl(undefined)).toBe(NO_DIRECTIVES)
    expect(parseCacheControl('')).toBe(NO_DIRECTIVES)
    expect(parseCacheControl('max-age=0, private')).toBe(NO_DIRECTIVES)
  })

  it('reads each directive case-insensitively', () => {
    expect(parseCacheControl('No-Cache')).toEqual({ noCache: true, noStore: false, onlyIfCached: false })
    expect(parseCacheControl('NO-STORE')).toEqual({ noCache: false, noStore: true, onlyIfCached: false })
    expect(parseCacheControl(' only-if-cached ')).toEqual({ noCache: false, noStore: false, onlyIfCached: true })
  })

  it('combines directives of one header and of several joined header lines', () => {
    expect(parseCacheControl('no-cache, no-store')).toEqual({ noCache: true, noStore: true, onlyIfCached: false })
    expect(parseCacheControl('max-age=5,only-if-cached,no-cache="x"')).toEqual({
      noCache: true,
      noStore: false,
      onlyIfCached: true,
    })
  })
})
