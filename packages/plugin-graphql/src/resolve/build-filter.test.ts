import { describe, expect, it } from 'vitest'
import { Filter } from '@sluice/core/protocol'
import { buildFilter } from './build-filter.js'

describe('buildFilter', () => {
  it('combines several fields and several operators with and', () => {
    expect(buildFilter({ pages: { gt: 1, lte: 9 }, title: { eq: 'x' } })).toEqual(
      Filter.and([
        Filter.comparison('gt', Filter.field('pages'), Filter.literal(1)),
        Filter.comparison('le', Filter.field('pages'), Filter.literal(9)),
        Filter.comparison('eq', Filter.field('title'), Filter.literal('x')),
      ]),
    )
  })

  it("maps every operator to core's filter nodes", () => {
    expect(buildFilter({ t: { neq: 'a' } })).toEqual(Filter.comparison('ne', Filter.field('t'), Filter.literal('a')))
    expect(buildFilter({ t: { gte: 1 } })).toEqual(Filter.comparison('ge', Filter.field('t'), Filter.literal(1)))
    expect(buildFilter({ t: { lt: 1 } })).toEqual(Filter.comparison('lt', Filter.field('t'), Filter.literal(1)))
    expect(buildFilter({ t: { contains: 'a' } })).toEqual(
      Filter.stringMatch('contains', 't', Filter.literal('a', 'string')),
    )
    expect(buildFilter({ t: { notContains: 'a' } })).toEqual(
      Filter.stringMatch('contains', 't', Filter.literal('a', 'string'), true),
    )
    expect(buildFilter({ t: { startsWith: 'a' } })).toEqual(
      Filter.stringMatch('startsWith', 't', Filter.literal('a', 'string')),
    )
    expect(buildFilter({ t: { endsWith: 'a' } })).toEqual(
      Filter.stringMatch('endsWith', 't', Filter.literal('a', 'string')),
    )
    expect(buildFilter({ t: { isNull: false } })).toEqual(Filter.isNull('t', false))
    expect(buildFilter({ t: { in: [1, 2] } })).toEqual(Filter.in('t', [Filter.literal(1), Filter.literal(2)]))
    expect(buildFilter({ t: { in: [] } })).toEqual(Filter.constant(false))
    expect(buildFilter({ t: { eq: null } })).toEqual(
      Filter.comparison('eq', Filter.field('t'), Filter.literal(null, 'null')),
    )
  })

  it('lower-cases both sides of every text operator under caseInsensitive: true', () => {
    const lower = { fieldFold: 'lower', valueFold: 'lower' } as const
    expect(
      buildFilter({
        t: {
          caseInsensitive: true,
          eq: 'A',
          neq: null,
          contains: 'b',
          notContains: 'c',
          startsWith: 'd',
          endsWith: 'e',
          in: ['F', null],
        },
      }),
    ).toEqual(
      Filter.and([
        Filter.comparison(
          'eq',
          Filter.caseFold('lower', Filter.field('t')),
          Filter.caseFold('lower', Filter.literal('A')),
        ),
        Filter.comparison('ne', Filter.caseFold('lower', Filter.field('t')), Filter.literal(null, 'null')),
        Filter.stringMatch('contains', 't', Filter.literal('b', 'string'), false, lower),
        Filter.stringMatch('contains', 't', Filter.literal('c', 'string'), true, lower),
        Filter.stringMatch('startsWith', 't', Filter.literal('d', 'string'), false, lower),
        Filter.stringMatch('endsWith', 't', Filter.literal('e', 'string'), false, lower),
        Filter.in('t', [Filter.literal('F')], lower),
      ]),
    )
    expect(buildFilter({ t: { caseInsensitive: false, eq: 'A' } })).toEqual(
      Filter.comparison('eq', Filter.field('t'), Filter.literal('A')),
    )
    expect(buildFilter({ t: { caseInsensitive: true } })).toEqual(Filter.and([]))
  })

  it('builds and/or lists and skips null fields and operators', () => {
    expect(buildFilter({ or: [{ a: { eq: 1 } }, { b: { eq: 2 } }], c: null })).toEqual(
      Filter.or([
        Filter.comparison('eq', Filter.field('a'), Filter.literal(1)),
        Filter.comparison('eq', Filter.field('b'), Filter.literal(2)),
      ]),
    )
    expect(buildFilter({ a: { contains: null } })).toEqual(Filter.and([]))
    // Data API builder's TestExplicitNullFieldsAreIgnored: `{ id: { gte: 2, lte: null }, title: null, or: null }` is `id >= 2`.
    expect(buildFilter({ id: { gte: 2, lte: null }, title: null, or: null })).toEqual(
      Filter.comparison('ge', Filter.field('id'), Filter.literal(2)),
    )
    expect(buildFilter({ t: { gt: null, lt: null, neq: null } })).toEqual(
      Filter.comparison('ne', Filter.field('t'), Filter.literal(null, 'null')),
    )
  })

  it('leaves out null items of in, and and or lists (Data API builder types them [T])', () => {
    expect(buildFilter({ t: { in: [1, null, 2] } })).toEqual(Filter.in('t', [Filter.literal(1), Filter.literal(2)]))
    expect(buildFilter({ t: { in: [null] } })).toEqual(Filter.constant(false))
    expect(buildFilter({ and: [null, { a: { eq: 1 } }] })).toEqual(
      Filter.and([Filter.comparison('eq', Filter.field('a'), Filter.literal(1))]),
    )
    expect(buildFilter({ or: [null] })).toEqual(Filter.or([]))
  })

  it('hands relationship keys to the related-filter builder', () => {
    const related = (key: string, value: Record<string, unknown>) =>
      key === 'publisher' ? Filter.related(key, buildFilter(value)) : undefined
    expect(buildFilter({ publisher: { name: { eq: 'P' } } }, related)).toEqual(
      Filter.related('publisher', Filter.comparison('eq', Filter.field('name'), Filter.literal('P'))),
    )
  })
})
