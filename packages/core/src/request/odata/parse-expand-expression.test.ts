import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../../errors/sluice-error.js'
import { Filter } from '../../filter/filter-node.js'
import type { RelationSelection } from '../operation-request.js'
import { parseExpandExpression } from './parse-expand-expression.js'
import { printExpandExpression } from './print-expand-expression.js'

const rel = (name: string, rest: Omit<RelationSelection, 'relationship' | 'as'> = {}): RelationSelection => ({
  relationship: name,
  as: name,
  ...rest,
})

describe('parseExpandExpression', () => {
  it.each<[string, RelationSelection[]]>([
    ['publisher', [rel('publisher')]],
    ['publisher,authors', [rel('publisher'), rel('authors')]],
    [' publisher , authors ', [rel('publisher'), rel('authors')]],
    ['authors($select=id,name)', [rel('authors', { select: ['id', 'name'] })]],
    ['authors($first=5;$count=true)', [rel('authors', { first: 5, count: true })]],
    [
      'authors($orderby=name desc, id)',
      [
        rel('authors', {
          orderBy: [
            { field: 'name', direction: 'desc' },
            { field: 'id', direction: 'asc' },
          ],
        }),
      ],
    ],
    [
      "authors($filter=name eq 'a;b)c' and (id gt 1 or id lt 0))",
      [
        rel('authors', {
          filter: Filter.and([
            Filter.comparison('eq', Filter.field('name'), Filter.literal('a;b)c', 'string')),
            Filter.or([
              Filter.comparison('gt', Filter.field('id'), Filter.literal('1', 'number')),
              Filter.comparison('lt', Filter.field('id'), Filter.literal('0', 'number')),
            ]),
          ]),
        }),
      ],
    ],
    [
      "authors($filter=contains(tolower(name), 'it''s'))",
      [
        rel('authors', {
          filter: Filter.stringMatch('contains', 'name', Filter.literal("it's", 'string'), false, {
            fieldFold: 'lower',
          }),
        }),
      ],
    ],
    ['authors($after=AbC-_9)', [rel('authors', { after: 'AbC-_9' })]],
    [
      'authors($expand=books($expand=publisher;$first=1),awards;$first=2),publisher($select=name)',
      [
        rel('authors', {
          relations: [rel('books', { relations: [rel('publisher')], first: 1 }), rel('awards')],
          first: 2,
        }),
        rel('publisher', { select: ['name'] }),
      ],
    ],
  ])('reads %j', (text, expected) => {
    expect(parseExpandExpression(text)).toEqual(expected)
  })

  it.each<[string, string]>([
    ['', 'expected a relationship name'],
    ['a,', 'expected a relationship name'],
    ['a,,b', 'expected a relationship name'],
    ['a/b', "'a/b': paths are not supported; nest instead, e.g. a($expand=b)"],
    ['*', "'*' is not supported"],
    ['a b', "'a b' is not a relationship name"],
    ['a()', "'a()' has no options"],
    ['a($top=1)', "unknown option '$top' in a(…)"],
    ['a(select=id)', "unknown option 'select' in a(…)"],
    ['a($first=1;$first=2)', '$first is given twice in a(…)'],
    ['a($first)', "expected '=' after $first in a(…)"],
    ['a($first=)', '$first in a(…) needs a value'],
    ['a($first=1', "the '(' of a(…) is never closed"],
    ['a($first=1))', "this ')' has no matching '('"],
    ["a($filter=x eq 'open)", 'a string is never closed'],
    ['a($expand=)', 'expected a relationship name in a($expand=…)'],
    ['a;b', "unexpected ';'"],
  ])('refuses %j: %s', (text, message) => {
    try {
      parseExpandExpression(text)
      expect.unreachable()
    } catch (error) {
      expect(isSluiceError(error) && error.code).toBe('SLUICE_ERR_INVALID_EXPAND')
      expect((error as Error).message).toContain(message)
    }
  })

  it("passes option errors on in the option's own terms, naming where they stand", () => {
    expect(() => parseExpandExpression('a($first=ten)')).toThrow('$first of $expand=a must be -1 or an integer')
    expect(() => parseExpandExpression('a($filter=x eq)')).toThrow(
      '$filter of $expand=a query parameter is not well formed',
    )
    expect(() => parseExpandExpression('a($orderby=x sideways)')).toThrow(
      '$orderby of $expand=a query parameter is not well formed',
    )
    expect(() => parseExpandExpression('a($count=yes)')).toThrow('$count of $expand=a=yes (expected true or false)')
  })

  it('bounds length and nesting', () => {
    expect(() => parseExpandExpression('a'.repeat(8193))).toThrow('at most 8192 are allowed')
    const nested = (n: number): string => (n === 1 ? 'a' : `a($expand=${nested(n - 1)})`)
    expect(parseExpandExpression(nested(16))).toHaveLength(1)
    // A limit, not a syntax error: the message says which (issue 36: "if it is a depth limit, say so").
    expect(() => parseExpandExpression(nested(17))).toThrow(
      '$expand query parameter is not well formed: $expand nests relationships more than 16 levels deep (at position 161), the limit; nest fewer.',
    )
  })
})

describe('printExpandExpression', () => {
  const name = fc.constantFrom('authors', 'publisher', 'books', 'x_1')
  const field = fc.constantFrom('id', 'name', 'title', 'First Name', "it's")
  const selection: fc.Arbitrary<RelationSelection> = fc.letrec<{ s: RelationSelection }>((tie) => ({
    s: fc
      .record(
        {
          relationship: name,
          select: fc.option(fc.array(fc.constantFrom('id', 'name', 'title'), { minLength: 1, maxLength: 3 }), {
            nil: undefined,
          }),
          filter: fc.option(
            fc.constantFrom(
              Filter.comparison('eq', Filter.field('name'), Filter.literal("a'); b,(", 'string')),
              Filter.in('id', [Filter.literal('1', 'number'), Filter.literal('2', 'number')]),
              Filter.stringMatch('contains', 'name', Filter.literal('x', 'string'), false, { fieldFold: 'lower' }),
            ),
            { nil: undefined },
          ),
          orderBy: fc.option(
            fc.array(fc.record({ field, direction: fc.constantFrom('asc' as const, 'desc' as const) }), {
              minLength: 1,
              maxLength: 2,
            }),
            { nil: undefined },
          ),
          first: fc.option(fc.integer({ min: -1, max: 1000 }), { nil: undefined }),
          after: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), { nil: undefined }),
          count: fc.option(fc.boolean(), { nil: undefined }),
          relations: fc.option(fc.array(tie('s'), { minLength: 1, maxLength: 2, depthIdentifier: 'expand' }), {
            nil: undefined,
            depthIdentifier: 'expand',
          }),
        },
        { requiredKeys: ['relationship'] },
      )
      .map((s): RelationSelection => {
        const out: Record<string, unknown> = { relationship: s.relationship, as: s.relationship }
        for (const [k, v] of Object.entries(s)) if (v !== undefined && k !== 'relationship') out[k] = v
        return out as unknown as RelationSelection
      }),
  })).s

  test.prop([fc.array(selection, { minLength: 1, maxLength: 3 })], { numRuns: 300 })(
    'writes text that reads back to the same selections',
    (selections) => {
      expect(parseExpandExpression(printExpandExpression(selections))).toEqual(selections)
    },
  )
})
