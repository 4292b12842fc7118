import type { ComparisonOperator, FilterNode, LiteralOperand } from '@sluice/core'
import { findFixtureColumn, type FixtureTable } from '../fixture.js'

type FilterInput = Record<string, unknown>

const OPERATORS: Readonly<Record<ComparisonOperator, string>> = { eq: 'eq', ne: 'neq', gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' }
const MIRRORED: Readonly<Record<ComparisonOperator, ComparisonOperator>> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' }

/**
 * The `{T}FilterInput` value (sent as a JSON variable) equivalent to a `$filter` tree, or `undefined` when GraphQL
 * filters cannot say it (`not`, a column compared with a column, negated `startsWith`/`endsWith`, a range on text or
 * booleans). Literals become
 * the JSON a GraphQL client sends: `Int` as numbers; `Long` and `Decimal` as strings (every digit kept); dates,
 * timestamps and text as strings.
 */
export function toGraphQLFilter(node: FilterNode, table: FixtureTable): FilterInput | undefined {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const items = node.items.map((item) => toGraphQLFilter(item, table))
      return items.every((i) => i !== undefined) ? { [node.kind]: items } : undefined
    }
    case 'comparison': {
      const flipped = node.left.kind === 'literal'
      const field = flipped ? node.right : node.left
      const literal = flipped ? node.left : node.right
      if (field.kind !== 'field' || literal.kind !== 'literal') return undefined
      const op = OPERATORS[flipped ? MIRRORED[node.op] : node.op]
      // GraphQL's String and Boolean filter inputs have no range operators (dab.md §4.2).
      const type = findFixtureColumn(table, field.name).type
      if ((type === 'text' || type === 'boolean') && op !== 'eq' && op !== 'neq') return undefined
      if (literal.value === null) return node.op === 'eq' || node.op === 'ne' ? { [field.name]: { [op]: null } } : undefined
      return { [field.name]: { [op]: jsonValue(table, field.name, literal) } }
    }
    case 'stringMatch': {
      if (node.value.kind !== 'literal') return undefined
      if (node.negated && node.mode !== 'contains') return undefined
      return { [node.field]: { [node.negated ? 'notContains' : node.mode]: node.value.value } }
    }
    case 'in':
      return { [node.field]: { in: node.values.map((v) => jsonValue(table, node.field, v)) } }
    case 'isNull':
      return { [node.field]: { isNull: node.isNull } }
    case 'constant':
      // true: no condition; false: an empty `in` list (matches nothing).
      return node.value ? {} : { [table.primaryKey[0]!]: { in: [] } }
    case 'not':
    case 'related':
      return undefined
  }
}

function jsonValue(table: FixtureTable, field: string, literal: LiteralOperand): unknown {
  const type = findFixtureColumn(table, field).type
  const v = literal.value
  if (type === 'int') return Number(v)
  if (type === 'bigint' || type === 'decimal') return String(v)
  return v
}
