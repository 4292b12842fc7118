import { describe, expect, it } from 'vitest'
import { contextOf, authorizedWrite } from '../../test/support/authorized-requests.js'
import type { OperationRequest } from '../request/operation-request.js'
import { buildWritePlan } from './build-write-plan.js'
import type { ExecutionPlan } from './query-plan.js'
import type { InsertPlan, UpdatePlan } from './write-plan.js'

function plan(request: OperationRequest, context = contextOf('anonymous')): ExecutionPlan {
  return buildWritePlan(authorizedWrite(request, context), true)
}

const post = (body: Record<string, unknown>): OperationRequest => ({ operation: 'create', entity: 'Book', body })

describe('buildWritePlan: shapes kept per request shape', () => {
  it('plans a second insert of the same fields from the kept shape, with its own values as parameters', () => {
    const first = plan(post({ title: 'A', price: '1.50' })) as InsertPlan
    const second = plan(post({ price: '2.75', title: 'B' })) as InsertPlan
    expect(second.shapeKey).toBe(first.shapeKey)
    expect(second.values).toBe(first.values) // the kept structure, not a copy
    expect(second.returning).toBe(first.returning)
    expect(first.parameters).toEqual([
      { value: 'A', type: 'string' },
      { value: '1.50', type: 'decimal' },
    ])
    expect(second.parameters).toEqual([
      { value: 'B', type: 'string' },
      { value: '2.75', type: 'decimal' },
    ])
    expect(second.values.map((v) => [v.column, v.value])).toEqual([
      ['title', { kind: 'param', index: 0 }],
      ['price', { kind: 'param', index: 1 }],
    ])
  })

  it('gives another set of body fields a shape of its own', () => {
    const withPrice = plan(post({ title: 'A', price: '1.50' })) as InsertPlan
    const titleOnly = plan(post({ title: 'C' })) as InsertPlan
    expect(titleOnly.shapeKey).not.toBe(withPrice.shapeKey)
    expect(titleOnly.values.map((v) => v.column)).toEqual(['title'])
    expect(titleOnly.parameters).toEqual([{ value: 'C', type: 'string' }])
    expect((plan(post({ title: 'D' })) as InsertPlan).parameters).toEqual([{ value: 'D', type: 'string' }])
  })

  it("orders an update's parameters as its statement does: SET values, then the key", () => {
    const merge = (id: string, title: string): UpdatePlan =>
      plan({ operation: 'merge', entity: 'Book', key: { id }, body: { title } }) as UpdatePlan
    const first = merge('1', 'A')
    const second = merge('2', 'B')
    expect(second.kind).toBe('update')
    expect(second.shapeKey).toBe(first.shapeKey)
    expect(second.where).toBe(first.where)
    expect(second.parameters).toEqual([
      { value: 'B', type: 'string' },
      { value: 2, type: 'int' },
    ])
  })

  it('keeps the defaults a PUT resets with the shape', () => {
    const put = (id: string, title: string): UpdatePlan =>
      plan({ operation: 'replace', entity: 'Book', key: { id }, body: { title } }) as UpdatePlan
    const first = put('1', 'A')
    const second = put('2', 'B')
    expect(second.set).toBe(first.set)
    expect(second.set.map((v) => [v.column, v.value.kind])).toEqual([
      ['title', 'param'],
      ['price', 'default'],
      ['published', 'default'],
      ['secret', 'default'],
      ['doc', 'default'],
    ])
    expect(second.parameters.map((p) => p.value)).toEqual(['B', 2])
  })

  it('puts the key before the body in an insert with a key (a PUT that inserts)', () => {
    const put = (bookId: number, royalty: string): ExecutionPlan => {
      const scoped = authorizedWrite({
        operation: 'replace',
        entity: 'BookAuthor',
        key: { book_id: String(bookId), author_id: '7' },
        body: { royalty },
      })
      return buildWritePlan(scoped, false) // no native upsert: update, else insert
    }
    const first = put(1, '0.10')
    const second = put(2, '0.20')
    if (first.kind !== 'updateOrInsert' || second.kind !== 'updateOrInsert')
      throw new Error('expected update-or-insert plans')
    expect(second.insert.values).toBe(first.insert.values)
    expect(second.insert.parameters.map((p) => p.value)).toEqual([2, 7, '0.20'])
    expect(second.update.parameters.map((p) => p.value)).toEqual(['0.20', 2, 7])
  })

  it("builds a plan whose row policy takes the caller's claims per request, never from a kept shape", () => {
    const ann = plan(post({ title: 'A' }), contextOf('owner', { name: 'ann' })) as InsertPlan
    const bob = plan(post({ title: 'A' }), contextOf('owner', { name: 'bob' })) as InsertPlan
    expect(ann.returning.visible).toBeDefined()
    expect(bob.returning).not.toBe(ann.returning)
    expect(ann.parameters.map((p) => p.value)).toEqual(['A', 'ann'])
    expect(bob.parameters.map((p) => p.value)).toEqual(['A', 'bob'])
  })
})

describe("buildWritePlan: where a created row's key is read", () => {
  it('reads it from the record when the record carries every key field as exact text', () => {
    expect((plan(post({ title: 'A' })) as InsertPlan).returning.keyInRecord).toEqual(['id'])
    const link = plan({
      operation: 'create',
      entity: 'BookAuthor',
      body: { book_id: 1, author_id: 2, royalty: '0.1' },
    }) as InsertPlan
    expect(link.returning.keyInRecord).toEqual(['book_id', 'author_id'])
  })

  it('asks the statement for it when a read policy may withhold the record or the caller may not read the key', () => {
    expect(
      (plan(post({ title: 'A' }), contextOf('owner', { name: 'ann' })) as InsertPlan).returning.keyInRecord,
    ).toBeUndefined()
    const clerk = plan(post({ title: 'A' }), contextOf('clerk')) as InsertPlan
    expect(clerk.returning.columns.map((c) => c.name)).not.toContain('id')
    expect(clerk.returning.keyInRecord).toBeUndefined()
  })

  it('asks the statement for a string key (a char(n) key keeps its padding in JSON, not as text)', () => {
    const shelf = plan({ operation: 'create', entity: 'Shelf', body: { code: 'A1', label: 'x' } }) as InsertPlan
    expect(shelf.returning.columns.map((c) => c.name)).toContain('code')
    expect(shelf.returning.keyInRecord).toBeUndefined()
  })
})
