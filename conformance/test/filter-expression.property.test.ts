import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import {
  collectFilterFields,
  parseFilterExpression,
  printFilterExpression,
  type LiteralOperand,
} from '@sluice/core/protocol'
import { createFilterNodeArbitrary, filterLiteralArbitraries } from '../src/arbitraries/filter-node-arbitrary.js'

describe('printFilterExpression round trip', () => {
  test.prop([createFilterNodeArbitrary({ mode: 'filter' })], { numRuns: 500 })(
    '$filter text parses back to the same tree',
    (node) => {
      const text = printFilterExpression(node, { mode: 'filter' })
      expect(parseFilterExpression(text, { mode: 'filter' })).toEqual({ ok: true, node })
    },
  )

  test.prop([createFilterNodeArbitrary({ mode: 'policy' })], { numRuns: 500 })(
    'policy text parses back to the same tree',
    (node) => {
      const text = printFilterExpression(node, { mode: 'policy' })
      expect(parseFilterExpression(text, { mode: 'policy' })).toEqual({ ok: true, node })
    },
  )

  test.prop([
    createFilterNodeArbitrary({
      fieldNames: ['name'],
      literals: [filterLiteralArbitraries.string, filterLiteralArbitraries.guid],
      stringValues: fc.constantFrom("'", 'x'),
      maxDepth: 2,
      maxInListLength: 2,
    }),
  ])('the arbitrary honours its options', (node) => {
    expect([...collectFilterFields(node)].every((name) => name === 'name')).toBe(true)
    for (const literal of collectLiterals(node)) expect(['string', 'guid']).toContain(literal.literalType)
    const text = printFilterExpression(node, { mode: 'filter' })
    expect(parseFilterExpression(text, { mode: 'filter' })).toEqual({ ok: true, node })
  })

  test.prop([createFilterNodeArbitrary({ mode: 'policy' })])('printing is a fixed point after one round', (node) => {
    const text = printFilterExpression(node, { mode: 'policy' })
    const reparsed = parseFilterExpression(text, { mode: 'policy' })
    expect(reparsed.ok && printFilterExpression(reparsed.node, { mode: 'policy' })).toBe(text)
  })

  test.prop([fc.array(createFilterNodeArbitrary({ maxDepth: 1 }), { maxLength: 3 })])(
    'isNull and negated matches print as equivalent text',
    (items) => {
      const node = Filter.and([
        ...items,
        Filter.isNull('x', true),
        Filter.stringMatch('contains', 'y', Filter.literal('z', 'string'), true),
      ])
      const result = parseFilterExpression(printFilterExpression(node, { mode: 'filter' }), { mode: 'filter' })
      expect(result.ok).toBe(true)
    },
  )
})

/** Every literal operand in a tree. */
function collectLiterals(node: FilterNode): LiteralOperand[] {
  switch (node.kind) {
    case 'comparison':
      return [node.left, node.right]
        .map((o) => (o.kind === 'caseFold' ? o.operand : o))
        .filter((o): o is LiteralOperand => o.kind === 'literal')
    case 'and':
    case 'or':
      return node.items.flatMap(collectLiterals)
    case 'not':
      return collectLiterals(node.item)
    case 'in':
      return [...node.values]
    case 'stringMatch':
      return node.value.kind === 'literal' ? [node.value] : []
    case 'isNull':
    case 'constant':
      return []
    case 'related':
      return collectLiterals(node.filter)
  }
}
