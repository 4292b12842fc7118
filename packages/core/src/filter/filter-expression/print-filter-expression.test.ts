import { describe, expect, it } from 'vitest'
import { Filter, type FilterNode, type LiteralOperand } from '../filter-node.js'
import { parseFilterExpression } from './parse-filter-expression.js'
import { printFilterExpression } from './print-filter-expression.js'

const f = Filter.field
const lit = (value: unknown, type: LiteralOperand['literalType']): LiteralOperand => Filter.literal(value, type)
const num = (text: string): LiteralOperand => lit(text, 'number')
const str = (text: string): LiteralOperand => lit(text, 'string')
const eq = (name: string, right: LiteralOperand) => Filter.comparison('eq', f(name), right)
const a = eq('a', num('1'))
const b = eq('b', num('2'))
const c = eq('c', num('3'))

describe('printFilterExpression', () => {
  it.each<[FilterNode, string, string]>([
    [a, 'a eq 1', '@item.a eq 1'],
    [Filter.comparison('lt', num('5'), f('x')), '5 lt x', '5 lt @item.x'],
    [eq('t', str("it's")), "t eq 'it''s'", "@item.t eq 'it''s'"],
    [eq('n', num('12.50')), 'n eq 12.50', '@item.n eq 12.50'],
    [eq('n', lit(null, 'null')), 'n eq null', '@item.n eq null'],
    [eq('d', lit('2001-01-31T10:20:30Z', 'datetime')), 'd eq 2001-01-31T10:20:30Z', '@item.d eq 2001-01-31T10:20:30Z'],
    [Filter.comparison('eq', f('owner'), Filter.claim('sub')), '', '@item.owner eq @claims.sub'],
    [Filter.and([a, b, c]), 'a eq 1 and b eq 2 and c eq 3', '@item.a eq 1 and @item.b eq 2 and @item.c eq 3'],
    [
      Filter.or([Filter.and([a, b]), c]),
      '(a eq 1 and b eq 2) or c eq 3',
      '(@item.a eq 1 and @item.b eq 2) or @item.c eq 3',
    ],
    [
      Filter.and([Filter.and([a, b]), c]),
      '(a eq 1 and b eq 2) and c eq 3',
      '(@item.a eq 1 and @item.b eq 2) and @item.c eq 3',
    ],
    [Filter.not(a), 'not (a eq 1)', 'not (@item.a eq 1)'],
    [Filter.not(Filter.or([a, b])), 'not (a eq 1 or b eq 2)', 'not (@item.a eq 1 or @item.b eq 2)'],
    [Filter.not(Filter.not(a)), 'not not (a eq 1)', 'not not (@item.a eq 1)'],
    [Filter.and([Filter.not(a), b]), 'not (a eq 1) and b eq 2', 'not (@item.a eq 1) and @item.b eq 2'],
    [Filter.in('x', [num('1'), str('a')]), "x in (1, 'a')", "@item.x in (1, 'a')"],
    [Filter.stringMatch('startsWith', 't', str('ab')), "startswith(t, 'ab')", "startswith(@item.t, 'ab')"],
    [Filter.stringMatch('endsWith', 't', Filter.claim('home')), '', 'endswith(@item.t, @claims.home)'],
    [Filter.not(Filter.stringMatch('contains', 't', str('x'))), "not contains(t, 'x')", "not contains(@item.t, 'x')"],
    [Filter.constant(true), 'true', 'true'],
    [Filter.not(Filter.constant(false)), 'not false', 'not false'],
    [eq('in', num('1')), '', '@item.in eq 1'],
    [
      Filter.comparison('eq', Filter.caseFold('lower', f('t')), str('x')),
      "tolower(t) eq 'x'",
      "tolower(@item.t) eq 'x'",
    ],
    [
      Filter.comparison('gt', Filter.caseFold('upper', f('a')), Filter.caseFold('upper', f('b'))),
      'toupper(a) gt toupper(b)',
      'toupper(@item.a) gt toupper(@item.b)',
    ],
    [
      Filter.comparison('eq', Filter.caseFold('lower', f('t')), Filter.caseFold('lower', Filter.claim('e'))),
      '',
      'tolower(@item.t) eq tolower(@claims.e)',
    ],
    [
      Filter.stringMatch('contains', 't', str('x'), true, { fieldFold: 'lower', valueFold: 'lower' }),
      "not contains(tolower(t), tolower('x'))",
      "not contains(tolower(@item.t), tolower('x'))",
    ],
    [Filter.in('t', [str('a')], { fieldFold: 'upper' }), "toupper(t) in ('a')", "toupper(@item.t) in ('a')"],
  ])('prints %j', (node, filterText, policyText) => {
    if (filterText) expect(printFilterExpression(node, { mode: 'filter' })).toBe(filterText)
    expect(printFilterExpression(node, { mode: 'policy' })).toBe(policyText)
  })

  it.each<[string, FilterNode, string, FilterNode]>([
    ['isNull true as eq null', Filter.isNull('x', true), 'x eq null', eq('x', lit(null, 'null'))],
    [
      'isNull false as ne null',
      Filter.isNull('x', false),
      'x ne null',
      Filter.comparison('ne', f('x'), lit(null, 'null')),
    ],
    [
      'a negated match as not',
      Filter.stringMatch('contains', 't', str('x'), true),
      "not contains(t, 'x')",
      Filter.not(Filter.stringMatch('contains', 't', str('x'))),
    ],
    ['an empty and as true', Filter.and([]), 'true', Filter.constant(true)],
    ['an empty or as false', Filter.or([]), 'false', Filter.constant(false)],
    ['an empty in as false', Filter.in('x', []), 'false', Filter.constant(false)],
    ['a one-item and as its item', Filter.and([a]), 'a eq 1', a],
    [
      'a one-item junction inside a junction in parentheses',
      Filter.and([c, Filter.and([Filter.or([a, b])])]),
      'c eq 3 and (a eq 1 or b eq 2)',
      Filter.and([c, Filter.or([a, b])]),
    ],
    [
      'untyped literals after their JavaScript type',
      Filter.in('x', [lit('a', 'any'), lit(5, 'any'), lit(10n, 'any'), lit(true, 'any'), lit(null, 'any')]),
      "x in ('a', 5, 10, true, null)",
      Filter.in('x', [str('a'), num('5'), num('10'), lit(true, 'boolean'), lit(null, 'null')]),
    ],
    ['JavaScript numbers as number text', eq('x', lit(-1.5, 'number')), 'x eq -1.5', eq('x', num('-1.5'))],
  ])('writes %s', (_, node, text, reparsed) => {
    expect(printFilterExpression(node, { mode: 'filter' })).toBe(text)
    expect(parseFilterExpression(text, { mode: 'filter' })).toEqual({ ok: true, node: reparsed })
  })

  it.each<[string, FilterNode, 'filter' | 'policy']>([
    ['a claim in filter mode', Filter.comparison('eq', f('x'), Filter.claim('sub')), 'filter'],
    ['a keyword as a bare field name', eq('and', num('1')), 'filter'],
    ['a field name that is not an identifier', eq('first name', num('1')), 'policy'],
    ['a claim name ending with a dot', Filter.comparison('eq', f('x'), Filter.claim('a.')), 'policy'],
    ['a malformed date', eq('d', lit('31/01/2001', 'date')), 'filter'],
    ['a date that would inject syntax', eq('d', lit('2001-01-01 or 1 eq 1', 'date')), 'filter'],
    ['a number that is not finite', eq('n', lit(Number.NaN, 'number')), 'filter'],
    ['a number text that is not a number', eq('n', lit('1 or x', 'number')), 'filter'],
    ['a string literal holding a number', eq('s', lit(5, 'string')), 'filter'],
    ['a string match on a number', Filter.stringMatch('contains', 's', lit('5', 'number')), 'filter'],
    ['an untyped object', eq('s', lit({}, 'any')), 'filter'],
  ])('fails an invariant on %s', (_, node, mode) => {
    expect(() => printFilterExpression(node, { mode })).toThrow(expect.objectContaining({ name: 'InvariantError' }))
  })
})
