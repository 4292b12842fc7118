import { describe, expect, it } from 'vitest'
import { contextOf, authorizedRead } from '../../test/support/authorized-requests.js'
import type { OperationRequest } from '../request/operation-request.js'
import { buildSelectPlan } from './build-select-plan.js'

const byKey = (id: string, options: Partial<OperationRequest> = {}): OperationRequest => ({
  operation: 'read',
  entity: 'Book',
  key: { id },
  ...options,
})

describe('buildSelectPlan: plain reads by key keep their shape', () => {
  it('plans a second read of the same shape from the kept one, with its own key as the parameter', () => {
    const first = buildSelectPlan(authorizedRead(byKey('1')))
    const second = buildSelectPlan(authorizedRead(byKey('2')))
    expect(second.shapeKey).toBe(first.shapeKey)
    expect(second.where).toBe(first.where) // the kept tree, not a copy
    expect(second.columns).toBe(first.columns)
    expect(second).toMatchObject({ kind: 'select', orderBy: [], result: { mode: 'single' } })
    expect(first.parameters).toEqual([{ value: 1, type: 'int' }])
    expect(second.parameters).toEqual([{ value: 2, type: 'int' }])
  })

  it('gives each $select its own shape', () => {
    const titles = buildSelectPlan(authorizedRead(byKey('1', { select: ['title'] })))
    const prices = buildSelectPlan(authorizedRead(byKey('2', { select: ['price'] })))
    const again = buildSelectPlan(authorizedRead(byKey('3', { select: ['title'] })))
    expect(prices.shapeKey).not.toBe(titles.shapeKey)
    expect(again.shapeKey).toBe(titles.shapeKey)
    expect(again.columns.map((c) => c.name)).toEqual(['title'])
    expect(prices.columns.map((c) => c.name)).toEqual(['price'])
    expect(again.parameters).toEqual([{ value: 3, type: 'int' }])
  })

  it("builds a read under a row policy per request, with the caller's claims", () => {
    const ann = buildSelectPlan(authorizedRead(byKey('1'), contextOf('owner', { name: 'ann' })))
    const bob = buildSelectPlan(authorizedRead(byKey('1'), contextOf('owner', { name: 'bob' })))
    expect(bob.where).not.toBe(ann.where)
    expect(ann.parameters.map((p) => p.value)).toEqual(['ann', 1])
    expect(bob.parameters.map((p) => p.value)).toEqual(['bob', 1])
  })
})

describe('buildSelectPlan: plain first pages are kept whole', () => {
  const list = (options: Partial<OperationRequest> = {}): OperationRequest => ({
    operation: 'read',
    entity: 'Book',
    ...options,
  })

  it('answers the same first page with the same plan, which takes no parameters', () => {
    const first = buildSelectPlan(authorizedRead(list({ first: 5 })))
    expect(buildSelectPlan(authorizedRead(list({ first: 5 })))).toBe(first)
    expect(first.parameters).toEqual([])
    expect(first.result).toMatchObject({ mode: 'page', limit: 5, fetch: 6 })
  })

  it('keeps page size, ordering, selection, count and streamability apart', () => {
    const base = buildSelectPlan(authorizedRead(list({ first: 5 })))
    const others = [
      buildSelectPlan(authorizedRead(list({ first: 6 }))),
      buildSelectPlan(authorizedRead(list({ first: 5, orderBy: [{ field: 'title', direction: 'desc' }] }))),
      buildSelectPlan(authorizedRead(list({ first: 5, select: ['title'] }))),
      buildSelectPlan(authorizedRead(list({ first: 5, count: true }))),
      buildSelectPlan(authorizedRead(list({ first: 5 })), true),
    ]
    for (const other of others) expect(other).not.toBe(base)
    expect(others[0]!.result).toMatchObject({ limit: 6 })
    expect(others[1]!.orderBy.map((t) => [t.column.column, t.direction])).toEqual([
      ['title', 'desc'],
      ['id', 'asc'],
    ])
    expect(others[3]!.count).toBeDefined()
    expect(new Set([base, ...others.slice(0, 4)].map((p) => p.shapeKey)).size).toBe(5)
    expect(others[4]!.shapeKey).toBe(base.shapeKey) // kept apart, though 5 rows do not stream either way
  })

  it('builds a filtered page per request', () => {
    const filtered = (title: string) =>
      buildSelectPlan(
        authorizedRead(
          list({
            first: 5,
            filter: {
              kind: 'comparison',
              op: 'eq',
              left: { kind: 'field', name: 'title' },
              right: { kind: 'literal', value: title, literalType: 'string' },
            },
          }),
        ),
      )
    const a = filtered('A')
    const b = filtered('B')
    expect(b).not.toBe(a)
    expect(b.shapeKey).toBe(a.shapeKey)
    expect(b.parameters.map((p) => p.value)).toEqual(['B'])
  })
})
