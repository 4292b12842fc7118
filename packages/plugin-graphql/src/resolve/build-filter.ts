import {
  Filter,
  SluiceError,
  type CaseFold,
  type ComparisonOperator,
  type FilterNode,
  type StringMatchMode,
} from '@sluice/core/protocol'

type InputObject = Readonly<Record<string, unknown>>

const COMPARISONS: Readonly<Record<string, ComparisonOperator>> = {
  eq: 'eq',
  neq: 'ne',
  gt: 'gt',
  gte: 'ge',
  lt: 'lt',
  lte: 'le',
}

/**
 * Resolves a relationship key of a filter input into a node (filters on related entities); `undefined` when `key`
 * is no relationship. Supplied by the schema builder so this module stays free of the relationship model.
 */
export type RelatedFilterBuilder = (key: string, value: InputObject) => FilterNode | undefined

/**
 * Turns a `{T}FilterInput` value, as graphql-js coerced it, into core's protocol-neutral filter: several fields in
 * one object and several operators on one field are combined with and; `and`/`or` take lists. A field or operator
 * given as null adds no condition, except `eq: null` / `neq: null`, which test for null as REST's `eq null` does.
 * An empty `in` list matches nothing; null items of `in`, `and` and `or` lists are left out. Names stay API-level
 * names; core binds them, checks field access and coerces the values, exactly as for REST's `$filter`.
 */
export function buildFilter(input: InputObject, related?: RelatedFilterBuilder): FilterNode {
  const items: FilterNode[] = []
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue
    if (key === 'and' || key === 'or') {
      // `[{T}FilterInput]` takes null items (Data API builder's type); they add no condition.
      const parts = (value as ReadonlyArray<InputObject | null>)
        .filter((v) => v !== null)
        .map((v) => buildFilter(v, related))
      items.push(key === 'and' ? Filter.and(parts) : Filter.or(parts))
      continue
    }
    const nested = related?.(key, value as InputObject)
    if (nested !== undefined) items.push(nested)
    else items.push(...buildFieldConditions(key, value as InputObject))
  }
  return items.length === 1 ? items[0]! : Filter.and(items)
}

/**
 * The conditions of one field's operators. `caseInsensitive: true` (String fields) lower-cases both sides of every
 * text comparison, the same `tolower()` REST's `$filter` writes, so the two protocols agree on every engine.
 */
function buildFieldConditions(field: string, operators: InputObject): FilterNode[] {
  const out: FilterNode[] = []
  const fold: CaseFold | undefined = operators['caseInsensitive'] === true ? 'lower' : undefined
  const folds = { fieldFold: fold, valueFold: fold }
  const operand = fold === undefined ? Filter.field(field) : Filter.caseFold(fold, Filter.field(field))
  const match = (mode: StringMatchMode, value: unknown, negated = false): FilterNode =>
    Filter.stringMatch(mode, field, Filter.literal(value, 'string'), negated, folds)
  for (const [op, value] of Object.entries(operators)) {
    // Only `eq`/`neq` give null a meaning (IS NULL / IS NOT NULL); `lte: null` and the like add no condition (DAB).
    if (value === undefined || op === 'caseInsensitive' || (value === null && op !== 'eq' && op !== 'neq')) continue
    const comparison = COMPARISONS[op]
    if (comparison !== undefined) {
      const literal = Filter.literal(value, value === null ? 'null' : 'any')
      out.push(
        Filter.comparison(
          comparison,
          operand,
          fold === undefined || value === null ? literal : Filter.caseFold(fold, literal),
        ),
      )
      continue
    }
    switch (op) {
      case 'contains':
        out.push(match('contains', value))
        break
      case 'notContains':
        out.push(match('contains', value, true))
        break
      case 'startsWith':
        out.push(match('startsWith', value))
        break
      case 'endsWith':
        out.push(match('endsWith', value))
        break
      case 'isNull':
        out.push(Filter.isNull(field, value as boolean))
        break
      case 'in': {
        // Null items match nothing (SQL: x IN (…, NULL) is never true through the NULL), so they are left out.
        const values = (value as readonly unknown[]).filter((v) => v !== null)
        out.push(
          values.length === 0
            ? Filter.constant(false)
            : Filter.in(
                field,
                values.map((v) => Filter.literal(v, 'any')),
                folds,
              ),
        )
        break
      }
      default:
        // The schema offers only the operators above; anything else is a schema/builder mismatch.
        throw new SluiceError('SLUICE_ERR_UNSUPPORTED_FILTER', {
          place: 'filter argument',
          detail: `unknown operator '${op}'.`,
        })
    }
  }
  return out
}
