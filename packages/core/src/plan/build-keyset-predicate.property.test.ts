import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { buildKeysetPredicate } from './build-keyset-predicate.js'
import { ParameterList } from './parameter-list.js'
import type { PredicateNode } from './predicate-node.js'
import type { OrderTerm } from './select-plan.js'

type Row = readonly (number | null)[]

/** SQL three-valued evaluation of the few node kinds a keyset predicate uses (true / false / null = unknown). */
function evaluate(node: PredicateNode, row: Row, params: readonly unknown[]): boolean | null {
  const value = (e: { kind: string; column?: string; index?: number }): number | null =>
    e.kind === 'column' ? row[Number(e.column)]! : (Number(params[e.index!]) as number)
  switch (node.kind) {
    case 'compare': {
      const l = value(node.left)
      const r = value(node.right)
      if (l === null || r === null) return null
      return { eq: l === r, ne: l !== r, gt: l > r, ge: l >= r, lt: l < r, le: l <= r }[node.op]
    }
    case 'isNull':
      return (row[Number(node.operand.column)] === null) !== node.negated
    case 'and': {
      const v = node.items.map((n) => evaluate(n, row, params))
      return v.includes(false) ? false : v.includes(null) ? null : true
    }
    case 'or': {
      const v = node.items.map((n) => evaluate(n, row, params))
      return v.includes(true) ? true : v.includes(null) ? null : false
    }
    case 'constant':
      return node.value
    default:
      throw new Error(`unexpected ${node.kind}`)
  }
}

/** Sluice's order: NULL lowest, per-term direction, then the row's position as the unique key. */
function compare(a: Row, b: Row, terms: readonly OrderTerm[]): number {
  for (const t of terms) {
    const i = Number(t.column.column)
    const x = a[i]!
    const y = b[i]!
    if (x === y) continue
    const c = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1
    return t.direction === 'asc' ? c : -c
  }
  return 0
}

describe('buildKeysetPredicate', () => {
  const width = 3
  const cell = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null })
  const rows = fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 25 })
  const terms = fc.tuple(...Array.from({ length: width }, () => fc.constantFrom<'asc' | 'desc'>('asc', 'desc')))

  test.prop([rows, terms, fc.nat()])(
    'selects exactly the rows after the cursor row in the total order',
    (raw, directions, pick) => {
      // Column 3 is a unique, non-null key appended as the tie-breaker.
      const data: Row[] = raw.map((r, i) => [...r, i])
      const order: OrderTerm[] = [
        ...directions.map((direction, i) => ({
          column: { kind: 'column' as const, table: 't', column: String(i) },
          direction,
          nullable: true,
        })),
        { column: { kind: 'column', table: 't', column: String(width) }, direction: 'asc', nullable: false },
      ]
      const sorted = [...data].sort((a, b) => compare(a, b, order))
      const cursorRow = sorted[pick % sorted.length]!
      const params = new ParameterList()
      const predicate = buildKeysetPredicate(
        order,
        order.map(() => 'int'),
        cursorRow.map((v) => (v === null ? null : String(v))),
        params,
      )
      const values = params.toArray().map((p) => p.value)
      const selected = data.filter((row) => evaluate(predicate, row, values) === true)
      const expected = sorted.slice(sorted.indexOf(cursorRow) + 1)
      expect(new Set(selected)).toEqual(new Set(expected))
    },
  )
})
