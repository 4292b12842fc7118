import { describe, expect, it } from 'vitest'
import type { FieldModel } from '../model/service-model.js'
import { cursorOrderOf } from './cursor-order.js'
import type { BoundOrderTerm } from './parsed-request.js'

const field = (name: string): FieldModel => ({ name }) as FieldModel

describe('cursorOrderOf', () => {
  it('builds the terms of a shared ordering once, and those of a per-request ordering each time', () => {
    const shared: readonly BoundOrderTerm[] = Object.freeze([
      Object.freeze({ field: field('id'), direction: 'asc' as const }),
    ])
    expect(cursorOrderOf(shared)).toEqual([{ name: 'id', direction: 'asc' }])
    expect(cursorOrderOf(shared)).toBe(cursorOrderOf(shared))
    const own: BoundOrderTerm[] = [{ field: field('title'), direction: 'desc' }]
    expect(cursorOrderOf(own)).toEqual([{ name: 'title', direction: 'desc' }])
    expect(cursorOrderOf(own)).not.toBe(cursorOrderOf(own))
  })
})
