import { describe, expect, it } from 'vitest'
import type { PlanParameter } from '../plan/plan-parameter.js'
import { encodeParameters } from './encode-parameters.js'

const p = (value: unknown, type: PlanParameter['type'] = 'string'): PlanParameter => ({ value, type })

describe('encodeParameters', () => {
  it('tells apart values that print alike', () => {
    const keys = [
      [p('1')],
      [p(1, 'int')],
      [p(1n, 'long')],
      [p('1', 'int')],
      [p(null)],
      [p('null')],
      [p(true, 'boolean')],
      [p('T')],
      [p(0, 'float')],
      [p(-0, 'float')],
      [p(Number.NaN, 'float')],
      [p(Number.POSITIVE_INFINITY, 'float')],
      [p('a;b')],
      [p('a'), p('b')],
      [p(new Uint8Array([1, 2]), 'bytes')],
      [p(new Uint8Array([1, 3]), 'bytes')],
      [p(['a', 'b'], 'array')],
      [p(['a,b'], 'array')],
      [p({ a: 1 }, 'json')],
      [p({ a: '1' }, 'json')],
    ].map((ps) => encodeParameters(ps, undefined))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('leaves out the marker parameter, so requests differing only in it share a key', () => {
    expect(encodeParameters([p('x'), p('marker-1')], 1)).toBe(encodeParameters([p('x'), p('marker-2')], 1))
    expect(encodeParameters([p('x'), p('marker-1')], 1)).not.toBe(encodeParameters([p('y'), p('marker-1')], 1))
  })

  it('gives up on values it cannot represent exactly', () => {
    expect(encodeParameters([p(new Date(0), 'datetime')], undefined)).toBeUndefined()
    expect(encodeParameters([p([new Map()], 'array')], undefined)).toBeUndefined()
    expect(encodeParameters([p(Symbol('s'))], undefined)).toBeUndefined()
  })
})
