import { describe, expect, it } from 'vitest'
import { buildLibraryModel, entityOf } from '../../test/support/library-model.js'
import { parseFilterExpression } from '../filter/filter-expression/parse-filter-expression.js'
import { bindFilter } from './bind-filter.js'

const book = entityOf(buildLibraryModel(), 'Book')
const bind = (text: string) => {
  const parsed = parseFilterExpression(text, { mode: 'filter' })
  if (!parsed.ok) throw new Error(parsed.message)
  return bindFilter(parsed.node, book, '$filter')
}

describe('bindFilter', () => {
  it('resolves aliases and coerces literals to column types', () => {
    expect(bind("publishedOn ge 2020-01-01 and price lt 10.50")).toMatchObject({
      kind: 'and',
      items: [
        { kind: 'compare', field: { column: 'published' }, op: 'ge', value: '2020-01-01' },
        { kind: 'compare', field: { column: 'price' }, op: 'lt', value: '10.50' },
      ],
    })
  })

  it('turns null comparisons into IS NULL and flips literal-first comparisons', () => {
    expect(bind('price eq null')).toMatchObject({ kind: 'isNull', negated: false })
    expect(bind('null ne price')).toMatchObject({ kind: 'isNull', negated: true })
    expect(bind('5 lt id')).toMatchObject({ kind: 'compare', op: 'gt', value: 5 })
  })

  it('decides a comparison of two literals into a constant (DAB answers 1 ne 1 with no rows, 1 eq 1 with all)', () => {
    expect(bind('1 ne 1')).toEqual({ kind: 'constant', value: false })
    expect(bind("1 eq 1 and price eq null")).toMatchObject({ kind: 'and', items: [{ kind: 'constant', value: true }, { kind: 'isNull' }] })
  })

  it.each([
    ["1 eq 'a'", "1 cannot be compared with 'a'"],
    ["nope eq 1", "Invalid field 'nope' in $filter"],
    ["id eq 'abc'", "Invalid value 'abc' for field 'id' in $filter: expected an integer"],
    ["title eq 5", "Invalid value 5 for field 'title' in $filter: expected a string."],
    ["id eq 99999999999", "expected an integer from -2147483648 to 2147483647"],
    ["price gt null", 'null can only be compared with eq or ne'],
    ["contains(id, 'x')", 'contains needs a text field'],
    ["doc eq 'x'", "field 'doc' (json) can only be tested for null"],
    ["id eq title", "'id' (int) cannot be compared with 'title' (string)"],
    ["id in (1, null)", "null cannot appear in an 'in' list"],
  ])('rejects %s', (text, message) => {
    expect(() => bind(text)).toThrow(message)
  })
})
