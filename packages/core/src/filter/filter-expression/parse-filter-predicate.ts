import { Filter, type CaseFold, type FilterNode, type FilterOperand, type LiteralOperand } from '../filter-node.js'
import { FilterGrammar, isComparisonOperator } from './filter-grammar.js'
import { describeFilterToken, describeKeywordCaseHint, isWordToken, type FilterToken } from './filter-token.js'
import type { FilterTokenCursor } from './filter-token-cursor.js'
import { parseFilterOperand } from './parse-filter-operand.js'

/**
 * Reads a condition that starts with an operand: `left op right`, `field in (v, …)`, or a bare field standing for
 * `field eq true`. Operands keep the order they were written in.
 */
export function parseFilterPredicate(cursor: FilterTokenCursor, context: string): FilterNode | undefined {
  const leftToken = cursor.peek()
  const left = parseFilterOperand(cursor, context)
  if (!left) return undefined
  const opToken = cursor.peek()
  if (opToken.kind === 'word' && isComparisonOperator(opToken.text)) return parseComparison(cursor, leftToken, left)
  if (isWordToken(opToken, 'in')) return parseInList(cursor, leftToken, left)
  if (left.kind === 'field' && endsCondition(opToken))
    return Filter.comparison('eq', left, Filter.literal(true, 'boolean'))
  const hint = describeKeywordCaseHint(leftToken) || describeKeywordCaseHint(opToken)
  const what =
    left.kind === 'caseFold' ? `${left.fold === 'lower' ? 'tolower' : 'toupper'}(…)` : describeFilterToken(leftToken)
  return cursor.fail(opToken, `expected an operator (eq, ne, gt, ge, lt, le) after ${what}${hint}`)
}

function parseComparison(
  cursor: FilterTokenCursor,
  leftToken: FilterToken,
  left: FilterOperand,
): FilterNode | undefined {
  const opToken = cursor.next()
  if (opToken.kind !== 'word' || !isComparisonOperator(opToken.text))
    return cursor.fail(opToken, 'expected a comparison operator')
  const right = parseFilterOperand(cursor, ` after '${opToken.text}'`)
  if (!right) return undefined
  // Two literals (`1 ne 1`) or a claim and a literal (`@claims.role eq 'admin'`) are valid OData: binding decides them.
  return Filter.comparison(opToken.text, left, right)
}

function parseInList(cursor: FilterTokenCursor, leftToken: FilterToken, left: FilterOperand): FilterNode | undefined {
  cursor.next()
  // `tolower(name) in ('a', 'b')` folds the field; the values are compared as written.
  const field = left.kind === 'caseFold' ? left.operand : left
  if (field.kind !== 'field')
    return cursor.fail(leftToken, `the left side of 'in' must be a field, found ${describeFilterToken(leftToken)}`)
  const open = cursor.next()
  if (open.kind !== 'open') return cursor.fail(open, `expected '(' after 'in', found ${describeFilterToken(open)}`)
  return parseInValues(cursor, field.name, left.kind === 'caseFold' ? left.fold : undefined, open)
}

function parseInValues(
  cursor: FilterTokenCursor,
  field: string,
  fieldFold: CaseFold | undefined,
  open: FilterToken,
): FilterNode | undefined {
  const values: LiteralOperand[] = []
  for (;;) {
    const valueToken = cursor.peek()
    if (valueToken.kind === 'close' && values.length === 0)
      return cursor.fail(valueToken, "an 'in' list needs at least one value")
    const value = parseFilterOperand(cursor, values.length === 0 ? " in the 'in' list" : " after ','")
    if (!value) return undefined
    if (value.kind !== 'literal')
      return cursor.fail(
        valueToken,
        `an 'in' list may contain only literal values, found ${describeFilterToken(valueToken)}`,
      )
    if (values.length >= FilterGrammar.maxInListLength) {
      return cursor.fail(valueToken, `an 'in' list may hold at most ${FilterGrammar.maxInListLength} values`)
    }
    values.push(value)
    const separator = cursor.next()
    if (separator.kind === 'close') return Filter.in(field, values, { fieldFold })
    if (separator.kind === 'end')
      return cursor.fail(open, "unbalanced parenthesis: the '(' of the 'in' list is never closed")
    if (separator.kind !== 'comma')
      return cursor.fail(separator, `expected ',' or ')' in the 'in' list, found ${describeFilterToken(separator)}`)
  }
}

/** True when `token` can follow a complete condition. */
function endsCondition(token: FilterToken): boolean {
  return token.kind === 'end' || token.kind === 'close' || isWordToken(token, 'and') || isWordToken(token, 'or')
}
