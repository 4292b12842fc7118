import { describe, expect, it } from 'vitest'
import { buildLibraryModel, entityOf } from '../../test/support/library-model.js'
import { bindOrderBy } from './bind-order-by.js'
import { REST_TERMS } from './request-terms.js'

describe('bindOrderBy', () => {
  const book = entityOf(buildLibraryModel(), 'Book')

  it('orders by the key when the request names no ordering, with one frozen ordering per entity', () => {
    const ordering = bindOrderBy(book, [], REST_TERMS)
    expect(ordering.fields).toEqual([])
    expect(ordering.terms.map((t) => [t.field.name, t.direction])).toEqual(book.keyFields.map((f) => [f.name, 'asc']))
    expect(bindOrderBy(book, [], REST_TERMS)).toBe(ordering)
    expect(Object.isFrozen(ordering.terms) && ordering.terms.every((t) => Object.isFrozen(t))).toBe(true)
  })

  it('binds a named ordering per request, the key after it', () => {
    const ordering = bindOrderBy(book, [{ field: 'title', direction: 'desc' }], REST_TERMS)
    expect(ordering.terms.map((t) => [t.field.name, t.direction])).toEqual([
      ['title', 'desc'],
      ...book.keyFields.map((f) => [f.name, 'asc']),
    ])
    expect(Object.isFrozen(ordering.terms)).toBe(false)
    expect(bindOrderBy(book, [{ field: 'title', direction: 'desc' }], REST_TERMS)).not.toBe(ordering)
  })
})
