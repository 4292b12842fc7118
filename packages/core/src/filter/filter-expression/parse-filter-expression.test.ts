import { describe, expect, it } from 'vitest'
import { Filter, type FilterNode, type LiteralOperand } from '../filter-node.js'
import { parseFilterExpression } from './parse-filter-expression.js'

const f = Filter.field
const claim = Filter.claim
const lit = (value: unknown, type: LiteralOperand['literalType']): LiteralOperand => Filter.literal(value, type)
const num = (text: string): LiteralOperand => lit(text, 'number')
const str = (text: string): LiteralOperand => lit(text, 'string')
const eq = (left: string, right: LiteralOperand) => Filter.comparison('eq', f(left), right)
const isTrue = (name: string) => Filter.comparison('eq', f(name), lit(true, 'boolean'))

function parseOk(text: string, mode: 'filter' | 'policy' = 'filter'): FilterNode {
  const result = parseFilterExpression(text, { mode })
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.message}`)
  return result.node
}

describe('parseFilterExpression in filter mode', () => {
  it.each<[string, FilterNode]>([
    // comparisons, every operator, both orientations
    ['id eq 1', eq('id', num('1'))],
    ['id ne 1', Filter.comparison('ne', f('id'), num('1'))],
    ['price gt 12.50', Filter.comparison('gt', f('price'), num('12.50'))],
    ['price ge -3', Filter.comparison('ge', f('price'), num('-3'))],
    ['price lt 1.5e10', Filter.comparison('lt', f('price'), num('1.5e10'))],
    ['price le 2E-3', Filter.comparison('le', f('price'), num('2E-3'))],
    ['5 lt x', Filter.comparison('lt', num('5'), f('x'))],
    ['a eq b', Filter.comparison('eq', f('a'), f('b'))],
    ['id eq 9223372036854775807', eq('id', num('9223372036854775807'))],
    // literals
    ["title eq 'Dune'", eq('title', str('Dune'))],
    ["title eq 'it''s'", eq('title', str("it's"))],
    ["title eq ''", eq('title', str(''))],
    ["title eq ''''", eq('title', str("'"))],
    ["title eq 'a and b eq (1)'", eq('title', str('a and b eq (1)'))],
    ['flag eq true', eq('flag', lit(true, 'boolean'))],
    ['flag ne false', Filter.comparison('ne', f('flag'), lit(false, 'boolean'))],
    ['note eq null', eq('note', lit(null, 'null'))],
    ['d eq 2001-01-31', eq('d', lit('2001-01-31', 'date'))],
    ['d eq 2001-01-31T10:20', eq('d', lit('2001-01-31T10:20', 'datetime'))],
    ['d eq 2001-01-31T10:20:30Z', eq('d', lit('2001-01-31T10:20:30Z', 'datetime'))],
    ['d eq 2001-01-31T10:20:30.1234567-05:30', eq('d', lit('2001-01-31T10:20:30.1234567-05:30', 'datetime'))],
    ['t eq 10:20:30', eq('t', lit('10:20:30', 'time'))],
    ['t eq 10:20:30.125', eq('t', lit('10:20:30.125', 'time'))],
    ['g eq 01234567-89ab-cdef-0123-456789ABCDEF', eq('g', lit('01234567-89ab-cdef-0123-456789ABCDEF', 'guid'))],
    ['g eq abcdef01-2345-6789-abcd-ef0123456789', eq('g', lit('abcdef01-2345-6789-abcd-ef0123456789', 'guid'))],
    ['2001-01-31 lt d', Filter.comparison('lt', lit('2001-01-31', 'date'), f('d'))],
    // identifiers
    ['Ünïcödé eq 1', eq('Ünïcödé', num('1'))],
    ['नाम eq 1', eq('नाम', num('1'))],
    ['_x9 eq 1', eq('_x9', num('1'))],
    ['notes eq 1', eq('notes', num('1'))],
    ['orders eq 1', eq('orders', num('1'))],
    ['contains eq 1', eq('contains', num('1'))],
    ['deadbeef eq 1', eq('deadbeef', num('1'))],
    // whitespace
    ['\tid  eq\t1 ', eq('id', num('1'))],
    ["id eq'x'", eq('id', str('x'))],
    // in
    ['id in (1)', Filter.in('id', [num('1')])],
    [
      "id in (1, 'a', null, true, 2001-01-31)",
      Filter.in('id', [num('1'), str('a'), lit(null, 'null'), lit(true, 'boolean'), lit('2001-01-31', 'date')]),
    ],
    ['id in(1,2)', Filter.in('id', [num('1'), num('2')])],
    // string functions
    ["contains(title, 'ab')", Filter.stringMatch('contains', 'title', str('ab'))],
    ["startswith(title, 'ab')", Filter.stringMatch('startsWith', 'title', str('ab'))],
    ["endswith( title ,'a''b' )", Filter.stringMatch('endsWith', 'title', str("a'b"))],
    // case folds: OData's tolower()/toupper() on either side, in string functions and 'in' lists
    ["tolower(title) eq 'dune'", Filter.comparison('eq', Filter.caseFold('lower', f('title')), str('dune'))],
    ["'DUNE' eq toupper(title)", Filter.comparison('eq', str('DUNE'), Filter.caseFold('upper', f('title')))],
    [
      'tolower(a) lt tolower(b)',
      Filter.comparison('lt', Filter.caseFold('lower', f('a')), Filter.caseFold('lower', f('b'))),
    ],
    ["title eq toupper('x')", Filter.comparison('eq', f('title'), Filter.caseFold('upper', str('x')))],
    [
      "contains(tolower(title), 'ab')",
      Filter.stringMatch('contains', 'title', str('ab'), false, { fieldFold: 'lower' }),
    ],
    [
      "startswith(toupper(title), toupper('ab'))",
      Filter.stringMatch('startsWith', 'title', str('ab'), false, { fieldFold: 'upper', valueFold: 'upper' }),
    ],
    ["tolower(title) in ('a', 'b')", Filter.in('title', [str('a'), str('b')], { fieldFold: 'lower' })],
    ["not tolower(t) eq 'x'", Filter.not(Filter.comparison('eq', Filter.caseFold('lower', f('t')), str('x')))],
    ["tolower( title )eq'x'", Filter.comparison('eq', Filter.caseFold('lower', f('title')), str('x'))],
    // bare boolean fields and constants
    ['active', isTrue('active')],
    ['not active', Filter.not(isTrue('active'))],
    ['true', Filter.constant(true)],
    ['false', Filter.constant(false)],
    ['(false)', Filter.constant(false)],
    ['true eq flag', Filter.comparison('eq', lit(true, 'boolean'), f('flag'))],
    // two literals are valid OData; binding decides them (DAB answers `1 ne 1` with no rows)
    ['1 ne 1', Filter.comparison('ne', num('1'), num('1'))],
    ["'a' eq 'a'", Filter.comparison('eq', str('a'), str('a'))],
  ])('parses %j', (text, expected) => {
    expect(parseOk(text)).toEqual(expected)
  })

  it.each<[string, FilterNode]>([
    ['a and b and c', Filter.and([isTrue('a'), isTrue('b'), isTrue('c')])],
    ['a or b or c', Filter.or([isTrue('a'), isTrue('b'), isTrue('c')])],
    ['a or b and c', Filter.or([isTrue('a'), Filter.and([isTrue('b'), isTrue('c')])])],
    ['a and b or c', Filter.or([Filter.and([isTrue('a'), isTrue('b')]), isTrue('c')])],
    ['(a or b) and c', Filter.and([Filter.or([isTrue('a'), isTrue('b')]), isTrue('c')])],
    ['(a and b) and c', Filter.and([Filter.and([isTrue('a'), isTrue('b')]), isTrue('c')])],
    ['not a eq 1', Filter.not(eq('a', num('1')))],
    ['not a eq 1 and b', Filter.and([Filter.not(eq('a', num('1'))), isTrue('b')])],
    ['not (a or b)', Filter.not(Filter.or([isTrue('a'), isTrue('b')]))],
    ['not(a)', Filter.not(isTrue('a'))],
    ['not not a', Filter.not(Filter.not(isTrue('a')))],
    ["not contains(t, 'x')", Filter.not(Filter.stringMatch('contains', 't', str('x')))],
    ['not x in (1)', Filter.not(Filter.in('x', [num('1')]))],
    ['((a))', isTrue('a')],
    ['true and a', Filter.and([Filter.constant(true), isTrue('a')])],
  ])('respects precedence in %j', (text, expected) => {
    expect(parseOk(text)).toEqual(expected)
  })

  it('returns frozen trees', () => {
    const node = parseOk("a eq 1 and b in (1, 2) and contains(c, 'x')")
    expect(Object.isFrozen(node)).toBe(true)
    if (node.kind !== 'and') throw new Error('expected and')
    expect(Object.isFrozen(node.items)).toBe(true)
    for (const item of node.items) expect(Object.isFrozen(item)).toBe(true)
  })

  it('accepts an expression of exactly the maximum length and nesting', () => {
    expect(parseOk(`x eq '${'a'.repeat(8192 - 7)}'`)).toEqual(eq('x', str('a'.repeat(8185))))
    expect(parseOk(`${'('.repeat(64)}a${')'.repeat(64)}`)).toEqual(isTrue('a'))
    expect(parseOk(`${'not '.repeat(64)}a`).kind).toBe('not')
    expect(parseOk(`x in (${Array.from({ length: 1000 }, (_, i) => i).join(',')})`).kind).toBe('in')
  })
})

describe('parseFilterExpression in policy mode', () => {
  it.each<[string, FilterNode]>([
    ['@item.owner eq @claims.sub', Filter.comparison('eq', f('owner'), claim('sub'))],
    ['@claims.sub eq @item.owner', Filter.comparison('eq', claim('sub'), f('owner'))],
    ['@item.a ne @item.b', Filter.comparison('ne', f('a'), f('b'))],
    ["@item.status eq 'published'", eq('status', str('published'))],
    ['@item.active', isTrue('active')],
    ['@item.in eq 1', eq('in', num('1'))],
    ['@item.Ünïcödé eq 1', eq('Ünïcödé', num('1'))],
    [
      '@item.tenant eq @claims.http://schemas.example.org/claims/tenant-id',
      Filter.comparison('eq', f('tenant'), claim('http://schemas.example.org/claims/tenant-id')),
    ],
    ['@item.x eq @claims.a.b:c_d-e', Filter.comparison('eq', f('x'), claim('a.b:c_d-e'))],
    ['(@item.owner eq @claims.sub)', Filter.comparison('eq', f('owner'), claim('sub'))],
    ['@item.id in (1, 2)', Filter.in('id', [num('1'), num('2')])],
    ["contains(@item.title, 'x')", Filter.stringMatch('contains', 'title', str('x'))],
    ['startswith(@item.path, @claims.home)', Filter.stringMatch('startsWith', 'path', claim('home'))],
    [
      'tolower(@item.email) eq tolower(@claims.email)',
      Filter.comparison('eq', Filter.caseFold('lower', f('email')), Filter.caseFold('lower', claim('email'))),
    ],
    [
      'endswith(tolower(@item.path), tolower(@claims.home))',
      Filter.stringMatch('endsWith', 'path', claim('home'), false, { fieldFold: 'lower', valueFold: 'lower' }),
    ],
    [
      '@item.owner eq @claims.sub or @item.public eq true and not @item.deleted',
      Filter.or([
        Filter.comparison('eq', f('owner'), claim('sub')),
        Filter.and([eq('public', lit(true, 'boolean')), Filter.not(isTrue('deleted'))]),
      ]),
    ],
  ])('parses %j', (text, expected) => {
    expect(parseOk(text, 'policy')).toEqual(expected)
  })
})
