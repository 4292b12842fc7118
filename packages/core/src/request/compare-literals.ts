import type { ComparisonOperator, LiteralOperand } from '../filter/filter-node.js'

/**
 * The truth of a comparison between two literals (`1 ne 1`, or a policy's `@claims.role eq 'admin'` once the claim
 * is bound), decided once at bind time so the statement gets a constant instead of two parameters the database
 * would have to type. OData's rules: `null eq null` holds, ordering with null never does; numbers compare by value,
 * text by code points, booleans false < true, dates and times by instant. Returns `undefined` when the two kinds
 * cannot be compared (`1 eq 'a'`), which the caller reports.
 */
export function compareLiterals(
  op: ComparisonOperator,
  left: LiteralOperand,
  right: LiteralOperand,
): boolean | undefined {
  if (left.value === null || right.value === null) {
    const both = left.value === null && right.value === null
    return op === 'eq' ? both : op === 'ne' ? !both : false
  }
  const order = orderOf(left, right)
  if (order === undefined) return undefined
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

type Kind = 'number' | 'text' | 'boolean' | 'instant'

function orderOf(left: LiteralOperand, right: LiteralOperand): number | undefined {
  const a = normalize(left)
  const b = normalize(right)
  if (a === undefined || b === undefined || a.kind !== b.kind) return undefined
  if (a.kind === 'number') return compareNumbers(a.value as string | number, b.value as string | number)
  if (a.kind === 'boolean') return Number(a.value) - Number(b.value)
  if (a.kind === 'instant') return Math.sign((a.value as number) - (b.value as number))
  return a.value === b.value ? 0 : (a.value as string) < (b.value as string) ? -1 : 1
}

function normalize(literal: LiteralOperand): { kind: Kind; value: unknown } | undefined {
  const { value, literalType } = literal
  switch (literalType) {
    case 'number':
      return { kind: 'number', value }
    case 'boolean':
      return { kind: 'boolean', value: value === true || value === 'true' }
    case 'date':
    case 'datetime':
    case 'time': {
      const instant = Date.parse(literalType === 'time' ? `1970-01-01T${String(value)}Z` : String(value))
      return Number.isNaN(instant) ? undefined : { kind: 'instant', value: instant }
    }
    case 'guid':
      return { kind: 'text', value: String(value).toLowerCase() }
    case 'string':
      return { kind: 'text', value }
    default:
      // A claim's value keeps its JSON type.
      if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'number', value: String(value) }
      if (typeof value === 'boolean') return { kind: 'boolean', value }
      return typeof value === 'string' ? { kind: 'text', value } : undefined
  }
}

/** Numbers as written (REST keeps them as text so 64-bit integers survive): exact for integers, else by double. */
function compareNumbers(a: string | number, b: string | number): number {
  const x = String(a)
  const y = String(b)
  if (/^-?\d+$/.test(x) && /^-?\d+$/.test(y)) {
    const d = BigInt(x) - BigInt(y)
    return d === 0n ? 0 : d > 0n ? 1 : -1
  }
  return Math.sign(Number(x) - Number(y))
}
