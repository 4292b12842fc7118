import type { FilterNode } from '@sluice/core'
import type { CaseFold, ComparisonOperator, FilterOperand, LiteralOperand } from '@sluice/core/protocol'
import { findFixtureColumn, type FixtureRow, type FixtureTable, type NeutralType } from '../fixture.js'
import { categoryOf, compareComparable, toComparable, type ComparableValue } from './comparable-value.js'

/** SQL's three truth values: `null` is unknown. */
export type TruthValue = boolean | null

const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
}

/**
 * Evaluates a `$filter` tree on one fixture row with SQL's three-valued logic: a comparison involving NULL is
 * unknown, `not unknown` is unknown, `and`/`or` follow Kleene's tables; `eq null`/`ne null` are IS [NOT] NULL;
 * `contains`/`startswith`/`endswith` are plain substring tests (binary collation); `tolower()`/`toupper()` fold with
 * JavaScript's case mapping (the suite's alphabets hold only letters every engine folds the same way) and folded text
 * compares by code unit. The tree must be valid for the table (fields exist, literals fit their field's type).
 */
export function evaluateFilter(node: FilterNode, row: FixtureRow, table: FixtureTable): TruthValue {
  const typeOf = (name: string): NeutralType => findFixtureColumn(table, name).type
  const evaluate = (n: FilterNode): TruthValue => {
    switch (n.kind) {
      case 'constant':
        return n.value
      case 'and':
        return n.items.reduce<TruthValue>((acc, item) => and(acc, evaluate(item)), true)
      case 'or':
        return n.items.reduce<TruthValue>((acc, item) => or(acc, evaluate(item)), false)
      case 'not':
        return not(evaluate(n.item))
      case 'isNull':
        return (row[n.field] === null) === n.isNull
      case 'in': {
        const value = row[n.field] ?? null
        if (value === null) return null
        const type = typeOf(n.field)
        if (n.fieldFold !== undefined || n.valueFold !== undefined) {
          const text = fold(n.fieldFold, String(value))
          return n.values.some((literal) => fold(n.valueFold, String(literal.value)) === text)
        }
        return n.values.some(
          (literal) => compareComparable(toComparable(type, value), literalComparable(type, literal)) === 0,
        )
      }
      case 'stringMatch': {
        const value = row[n.field] ?? null
        if (value === null) return null
        const text = fold(n.fieldFold, String(value))
        const pattern = fold(n.valueFold, String((n.value as LiteralOperand).value))
        const found =
          n.mode === 'contains'
            ? text.includes(pattern)
            : n.mode === 'startsWith'
              ? text.startsWith(pattern)
              : text.endsWith(pattern)
        return n.negated ? !found : found
      }
      case 'comparison':
        return compareOperands(n.op, n.left, n.right)
      case 'related':
        throw new Error(
          'the row oracle sees one table; related-entity filters are checked by the relationships scenarios',
        )
    }
  }
  const compareOperands = (op: ComparisonOperator, left: FilterOperand, right: FilterOperand): TruthValue => {
    if (left.kind === 'caseFold' || right.kind === 'caseFold') return compareFolded(op, left, right)
    if (left.kind === 'literal' && right.kind === 'field') return compareOperands(FLIPPED[op], right, left)
    if (left.kind !== 'field') throw new Error('the oracle needs a field on the left of a comparison')
    const value = row[left.name] ?? null
    const type = typeOf(left.name)
    if (right.kind === 'literal' && right.value === null) return op === 'eq' ? value === null : value !== null
    if (value === null) return null
    let other: ComparableValue
    if (right.kind === 'field') {
      const otherValue = row[right.name] ?? null
      if (otherValue === null) return null
      other = toComparable(typeOf(right.name), otherValue)
    } else if (right.kind === 'literal') {
      other = literalComparable(type, right)
    } else {
      throw new Error('the oracle does not evaluate claims')
    }
    return holds(op, compareComparable(toComparable(type, value), other))
  }
  /** A comparison with a folded side: both sides are text (or null); each folds as its operand says. */
  const compareFolded = (op: ComparisonOperator, left: FilterOperand, right: FilterOperand): TruthValue => {
    const text = (o: FilterOperand): string | null => {
      const inner = o.kind === 'caseFold' ? o.operand : o
      const raw =
        inner.kind === 'field' ? (row[inner.name] ?? null) : inner.kind === 'literal' ? inner.value : undefined
      if (raw === undefined) throw new Error('the oracle does not evaluate claims')
      return raw === null ? null : fold(o.kind === 'caseFold' ? o.fold : undefined, String(raw))
    }
    const a = text(left)
    const b = text(right)
    const nullLiteral = (o: FilterOperand) => (o.kind === 'caseFold' ? o.operand : o).kind === 'literal' && b === null
    if (nullLiteral(right)) return op === 'eq' ? a === null : op === 'ne' ? a !== null : null
    if (a === null || b === null) return null
    return holds(op, a < b ? -1 : a > b ? 1 : 0)
  }
  return evaluate(node)
}

/** Text folded as `tolower()`/`toupper()` fold it (JavaScript's mapping; see evaluateFilter). */
function fold(how: CaseFold | undefined, text: string): string {
  return how === undefined ? text : how === 'lower' ? text.toLowerCase() : text.toUpperCase()
}

/** A literal read as a value of its field's category (`2000-01-01` for a timestamp is midnight). */
function literalComparable(fieldType: NeutralType, literal: LiteralOperand): ComparableValue {
  const value = literal.value
  if (
    typeof value !== 'string' &&
    typeof value !== 'boolean' &&
    typeof value !== 'number' &&
    typeof value !== 'bigint'
  ) {
    throw new Error(`the oracle cannot read the literal ${String(value)}`)
  }
  // Any type of the field's category reads the literal the same way.
  const type: NeutralType =
    categoryOf(fieldType) === 'number' ? 'decimal' : categoryOf(fieldType) === 'datetime' ? 'timestamp' : fieldType
  return toComparable(type, value)
}

function holds(op: ComparisonOperator, order: number): boolean {
  switch (op) {
    case 'eq':
      return order === 0
    case 'ne':
      return order !== 0
    case 'gt':
      return order > 0
    case 'ge':
      return order >= 0
    case 'lt':
      return order < 0
    case 'le':
      return order <= 0
  }
}

function and(a: TruthValue, b: TruthValue): TruthValue {
  if (a === false || b === false) return false
  return a === null || b === null ? null : true
}

function or(a: TruthValue, b: TruthValue): TruthValue {
  if (a === true || b === true) return true
  return a === null || b === null ? null : false
}

function not(a: TruthValue): TruthValue {
  return a === null ? null : !a
}
