import { describe, expect, it } from 'vitest'
import type { ScopedRequest } from '../request/parsed-request.js'
import { MAX_SHAPES_PER_ENTITY, WriteShapeCache } from './write-shape-cache.js'

const entity = { name: 'E' }
const outputFields = Object.freeze([])

/** A scoped write with just what the cache reads: entity, output fields, key and body fields, replace. */
function requestOf(fields: readonly object[], key: readonly object[] = [], replace = false, permission = { fields: new Set<string>() }): ScopedRequest {
  return {
    entity, fields: outputFields, key: key.length === 0 ? undefined : key.map((field) => ({ field, value: 1 })),
    write: { mode: 'insert', values: fields.map((field) => ({ field, value: 1 })), replace, ifMatch: false },
    permission, pairedPermission: undefined,
  } as unknown as ScopedRequest
}

describe('WriteShapeCache', () => {
  it('finds a shape by the objects a request is made of, not by its values', () => {
    const cache = new WriteShapeCache<string>()
    const [a, b] = [{}, {}]
    cache.set(requestOf([a, b]), 'a,b')
    expect(cache.get(requestOf([a, b]))).toBe('a,b')
    expect(cache.get(requestOf([a]))).toBeUndefined()
    expect(cache.get(requestOf([b, a]))).toBeUndefined()
    expect(cache.get(requestOf([b], [a]))).toBeUndefined() // a key field is not a body field
    expect(cache.get(requestOf([a, b], [], true))).toBeUndefined() // a PUT resets fields: another shape
  })

  it('tells PUTs apart by the permission their resets follow', () => {
    const cache = new WriteShapeCache<string>()
    const a = {}
    const one = { fields: new Set(['x']) }
    cache.set(requestOf([a], [], true, one), 'one')
    expect(cache.get(requestOf([a], [], true, one))).toBe('one')
    expect(cache.get(requestOf([a], [], true, { fields: new Set(['x']) }))).toBeUndefined()
  })

  it(`keeps at most ${MAX_SHAPES_PER_ENTITY} shapes per entity, so ever new body field sets cannot grow it`, () => {
    const cache = new WriteShapeCache<number>()
    const fields = Array.from({ length: MAX_SHAPES_PER_ENTITY + 10 }, () => ({}))
    fields.forEach((field, i) => cache.set(requestOf([field]), i))
    expect(cache.get(requestOf([fields[0]!]))).toBe(0)
    expect(cache.get(requestOf([fields[MAX_SHAPES_PER_ENTITY - 1]!]))).toBe(MAX_SHAPES_PER_ENTITY - 1)
    expect(cache.get(requestOf([fields[MAX_SHAPES_PER_ENTITY]!]))).toBeUndefined()
  })
})
