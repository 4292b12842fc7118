import type { FilterNode } from '@sluice/core'
import type { ComparisonOperator, LiteralOperand } from '@sluice/core/protocol'
import { findFixtureColumn, type FixtureTable } from '../fixture.js'

type FilterInput = Record<string, unknown>

const OPERATORS: Readonly<Record<ComparisonOperator, string>> = {
  eq: 'eq',
  ne: 'neq',
  gt: 'gt',
  ge: 'gte',
  lt: 'lt',
  le: 'lte',
}
const MIRRORED: Readonly<Record<ComparisonOperator, ComparisonOperator>> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
}

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
      const folded = foldedComparison(node, table)
      if (folded !== null) return folded
      const flipped = node.left.kind === 'literal'
      const field = flipped ? node.right : node.left
      const literal = flipped ? node.left : node.right
      if (field.kind !== 'field' || literal.kind !== 'literal') return undefined
      const op = OPERATORS[flipped ? MIRRORED[node.op] : node.op]
      // GraphQL's String and Boolean filter inputs have no range operators (dab.md §4.2).
      const type = findFixtureColumn(table, field.name).type
      if ((type === 'text' || type === 'boolean') && op !== 'eq' && op !== 'neq') return undefined
      if (literal.value === null)
        return node.op === 'eq' || node.op === 'ne' ? { [field.name]: { [op]: null } } : undefined
      return { [field.name]: { [op]: jsonValue(table, field.name, literal) } }
    }
    case 'stringMatch': {
      if (node.value.kind !== 'literal') return undefined
      if (node.negated && node.mode !== 'contains') return undefined
      const ci = caseInsensitive(node.fieldFold, node.valueFold)
      if (ci === undefined) return undefined
      return { [node.field]: { [node.negated ? 'notContains' : node.mode]: node.value.value, ...ci } }
    }
    case 'in': {
      const ci = caseInsensitive(node.fieldFold, node.valueFold)
      if (ci === undefined) return undefined
      return { [node.field]: { in: node.values.map((v) => jsonValue(table, node.field, v)), ...ci } }
    }
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

/**
 * GraphQL's `caseInsensitive: true` lower-cases both sides: `{}` when neither side is folded, the flag when both are
 * lower-cased, `undefined` for any other mix (GraphQL cannot say it).
 */
function caseInsensitive(
  fieldFold: string | undefined,
  valueFold: string | undefined,
): { caseInsensitive?: true } | undefined {
  if (fieldFold === undefined && valueFold === undefined) return {}
  return fieldFold === 'lower' && valueFold === 'lower' ? { caseInsensitive: true } : undefined
}

/**
 * `tolower(field) eq|ne tolower('x')` → `{ field: { eq: 'x', caseInsensitive: true } }`; `null` when no side is
 * folded (the caller handles it); `undefined` for folded comparisons GraphQL cannot say.
 */
function foldedComparison(
  node: Extract<FilterNode, { kind: 'comparison' }>,
  table: FixtureTable,
): FilterInput | undefined | null {
  if (node.left.kind !== 'caseFold' && node.right.kind !== 'caseFold') return null
  const [field, value] =
    node.left.kind === 'caseFold' && node.left.operand.kind === 'field'
      ? [node.left, node.right]
      : [node.right, node.left]
  if (field.kind !== 'caseFold' || field.operand.kind !== 'field' || field.fold !== 'lower') return undefined
  if (value.kind !== 'caseFold' || value.fold !== 'lower' || value.operand.kind !== 'literal') return undefined
  if (node.op !== 'eq' && node.op !== 'ne') return undefined
  return {
    [field.operand.name]: {
      [OPERATORS[node.op]]: jsonValue(table, field.operand.name, value.operand),
      caseInsensitive: true,
    },
  }
}

function jsonValue(table: FixtureTable, field: string, literal: LiteralOperand): unknown {
  const type = findFixtureColumn(table, field).type
  const v = literal.value
  if (type === 'int') return Number(v)
  if (type === 'bigint' || type === 'decimal') return String(v)
  return v
}
