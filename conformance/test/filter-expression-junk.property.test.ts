import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { parseFilterExpression, printFilterExpression, type FilterParseResult } from '@sluice/core/protocol'
import { createFilterNodeArbitrary } from '../src/arbitraries/filter-node-arbitrary.js'

const mode = fc.constantFrom<'filter' | 'policy'>('filter', 'policy')

const fragments = [
  '(',
  ')',
  ',',
  ' ',
  '\t',
  "'",
  "''",
  "'a'",
  'and',
  'or',
  'not',
  'eq',
  'ne',
  'gt',
  'in',
  'AND',
  'x',
  'y1',
  'Ü',
  'true',
  'false',
  'null',
  '1',
  '-',
  '-2.5e3',
  '.',
  ':',
  '2001-01-31',
  'T10:20',
  '10:20:30',
  '01234567-89ab-cdef-0123-456789abcdef',
  'contains',
  'startsWith',
  'tolower',
  '@item.',
  '@item.a',
  '@claims.',
  '@claims.sub',
  '@claims.a.',
  '@',
  '=',
  '😀',
  '\n',
]

/** A result is well formed: ok with a node, or not ok with a message and a position inside the text (or just past it). */
function expectWellFormed(text: string, result: FilterParseResult): void {
  if (result.ok) {
    expect(typeof result.node.kind).toBe('string')
    return
  }
  expect(result.message).toMatch(/^(Syntax error at position \d+ in '|The expression is too long)/)
  expect(result.message).toContain(`position ${result.position}`)
  expect(Number.isInteger(result.position)).toBe(true)
  expect(result.position).toBeGreaterThanOrEqual(1)
  expect(result.position).toBeLessThanOrEqual(Math.min([...text].length, 8192) + 1)
}

describe('parseFilterExpression on arbitrary input', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 300 }), mode], { numRuns: 1000 })(
    'never throws on random strings',
    (text, m) => {
      expectWellFormed(text, parseFilterExpression(text, { mode: m }))
    },
  )

  test.prop([fc.array(fc.constantFrom(...fragments), { maxLength: 40 }), fc.constantFrom('', ' '), mode], {
    numRuns: 2000,
  })('never throws on token soup', (parts, separator, m) => {
    const text = parts.join(separator)
    const result = parseFilterExpression(text, { mode: m })
    expectWellFormed(text, result)
    // Whatever parses also prints back to text that parses to the same tree.
    if (result.ok)
      expect(parseFilterExpression(printFilterExpression(result.node, { mode: m }), { mode: m })).toEqual(result)
  })

  test.prop([createFilterNodeArbitrary({ mode: 'policy' }), fc.nat(), fc.constantFrom(...fragments), fc.boolean()], {
    numRuns: 1000,
  })('never throws on valid text with one edit', (node, at, fragment, replace) => {
    const text = printFilterExpression(node, { mode: 'policy' })
    const index = at % (text.length + 1)
    const edited = text.slice(0, index) + fragment + text.slice(replace ? index + 1 : index)
    for (const m of ['filter', 'policy'] as const) expectWellFormed(edited, parseFilterExpression(edited, { mode: m }))
  })

  test.prop([fc.integer({ min: 60, max: 8000 }), fc.constantFrom('(', 'not ', 'not (', '(not ')])(
    'gives an error result for deep nesting',
    (depth, opener) => {
      const text = opener.repeat(depth).slice(0, 8192)
      const result = parseFilterExpression(text, { mode: 'filter' })
      expect(result.ok).toBe(false)
      expectWellFormed(text, result)
    },
  )
})
