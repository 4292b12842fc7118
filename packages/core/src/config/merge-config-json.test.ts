import { describe, expect, it } from 'vitest'
import { mergeConfigJson } from './merge-config-json.js'

describe('mergeConfigJson (DAB_ENVIRONMENT layering)', () => {
  it('merges objects recursively and keeps the base key order, adding override-only keys last', () => {
    const base = {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'base' },
      runtime: { rest: { path: '/api', enabled: true } },
    }
    const override = {
      runtime: { rest: { path: '/v2' }, graphql: { enabled: false } },
      'data-source': { 'connection-string': 'dev' },
    }
    const merged = mergeConfigJson(base, override)
    expect(merged).toEqual({
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'dev' },
      runtime: { rest: { path: '/v2', enabled: true }, graphql: { enabled: false } },
    })
    expect(Object.keys(merged as object)).toEqual(['data-source', 'runtime'])
    expect(Object.keys((merged as { runtime: object }).runtime)).toEqual(['rest', 'graphql'])
  })

  it('replaces arrays instead of concatenating them', () => {
    expect(mergeConfigJson({ origins: ['a', 'b'] }, { origins: ['c'] })).toEqual({ origins: ['c'] })
  })

  it('keeps the base value where the override says null', () => {
    expect(mergeConfigJson({ mode: 'production', cors: { origins: ['a'] } }, { mode: null, cors: null })).toEqual({
      mode: 'production',
      cors: { origins: ['a'] },
    })
  })

  it('lets a value of another kind replace the base value', () => {
    expect(
      mergeConfigJson({ rest: { enabled: true }, graphql: true }, { rest: false, graphql: { enabled: false } }),
    ).toEqual({ rest: false, graphql: { enabled: false } })
  })

  it('leaves the base alone when the roots are of different kinds', () => {
    expect(mergeConfigJson({ a: 1 }, [1])).toEqual({ a: 1 })
  })
})
