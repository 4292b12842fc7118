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
    expect(bind('publishedOn ge 2020-01-01 and price lt 10.50')).toMatchObject({
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
    expect(bind('1 eq 1 and price eq null')).toMatchObject({
      kind: 'and',
      items: [{ kind: 'constant', value: true }, { kind: 'isNull' }],
    })
  })

  it('binds case folds on either side of comparisons, string matches and in lists', () => {
    expect(bind("tolower(title) eq 'dune'")).toMatchObject({
      kind: 'compare',
      field: { name: 'title' },
      value: 'dune',
      fieldFold: 'lower',
    })
    expect(bind("'DUNE' eq toupper(title)")).toMatchObject({
      kind: 'compare',
      op: 'eq',
      value: 'DUNE',
      fieldFold: 'upper',
    })
    expect(bind("title gt tolower('M')")).toMatchObject({ kind: 'compare', op: 'gt', valueFold: 'lower' })
    expect(bind('tolower(title) eq tolower(secret)')).toMatchObject({
      kind: 'compareFields',
      leftFold: 'lower',
      rightFold: 'lower',
    })
    expect(bind("contains(tolower(title), tolower('X'))")).toMatchObject({
      kind: 'like',
      fieldFold: 'lower',
      valueFold: 'lower',
      value: 'X',
    })
    expect(bind("tolower(title) in ('a', 'b')")).toMatchObject({ kind: 'in', values: ['a', 'b'], fieldFold: 'lower' })
    expect(bind('tolower(title) eq null')).toEqual({
      kind: 'isNull',
      field: expect.objectContaining({ name: 'title' }),
      negated: false,
    })
    // Two literals are decided here, folded as JavaScript folds.
    expect(bind("tolower('ÀB') eq 'àb'")).toEqual({ kind: 'constant', value: true })
  })

  it('bounds the values of all in lists of one filter together', () => {
    const list = (n: number) => `id in (${Array.from({ length: n }, (_, i) => i).join(',')})`
    expect(bind(`${list(600)} or ${list(400)}`).kind).toBe('or')
    expect(() => bind(`${list(600)} or ${list(401)}`)).toThrow(
      "the 'in' lists of one filter may hold at most 1000 values together",
    )
  })

  it.each([
    ["tolower(id) eq 'a'", "tolower() needs a text field; 'id' is"],
    ['tolower(title) eq 5', "Invalid value 5 for field 'title' in $filter: expected a string."],
    ["id eq tolower('a')", "tolower() needs a text field; 'id' is"],
    ['toupper(id) in (1)', "toupper() needs a text field; 'id' is"],
    ["1 eq 'a'", "1 cannot be compared with 'a'"],
    ['nope eq 1', "Invalid field 'nope' in $filter"],
    ["id eq 'abc'", "Invalid value 'abc' for field 'id' in $filter: expected an integer"],
    ['title eq 5', "Invalid value 5 for field 'title' in $filter: expected a string."],
    ['id eq 99999999999', 'expected an integer from -2147483648 to 2147483647'],
    ['price gt null', 'null can only be compared with eq or ne'],
    ["contains(id, 'x')", 'contains needs a text field'],
    ["doc eq 'x'", "field 'doc' (json) can only be tested for null"],
    ['id eq title', "'id' (int) cannot be compared with 'title' (string)"],
    ['id in (1, null)', "null cannot appear in an 'in' list"],
  ])('rejects %s', (text, message) => {
    expect(() => bind(text)).toThrow(message)
  })
})
