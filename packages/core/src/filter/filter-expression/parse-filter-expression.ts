import { Filter, type FilterNode } from '../filter-node.js'
import { FilterGrammar, isComparisonOperator, type FilterExpressionOptions } from './filter-grammar.js'
import { describeFilterToken, describeKeywordCaseHint, isWordToken } from './filter-token.js'
import { FilterTokenCursor } from './filter-token-cursor.js'
import { parseFilterFunctionCall } from './parse-filter-function-call.js'
import { parseFilterPredicate } from './parse-filter-predicate.js'

export type { FilterExpressionMode, FilterExpressionOptions } from './filter-grammar.js'

/** The outcome of parsing: the tree, or a user-facing message and the 1-based character position it points at. */
export type FilterParseResult =
  | { readonly ok: true; readonly node: FilterNode }
  | { readonly ok: false; readonly message: string; readonly position: number }

/**
 * Parses an OData-style boolean expression: REST `$filter` (`mode: 'filter'`, bare field names) or a permission's
 * `policy.database` (`mode: 'policy'`, `@item.<field>` and `@claims.<name>`). Precedence is `or` < `and` < `not` <
 * primary; `and`/`or` chains become one flat node, parentheses keep their own node. Never throws: bad input, including
 * over-long (> 8192 characters) or over-deep (> 64 levels) input, gives `ok: false`.
 */
export function parseFilterExpression(text: string, options: FilterExpressionOptions): FilterParseResult {
  if (typeof text !== 'string') return { ok: false, message: 'The expression must be a string.', position: 1 }
  if (text.length > FilterGrammar.maxLength) {
    const message = `The expression is too long: it has ${text.length} characters and at most ${FilterGrammar.maxLength} are allowed.`
    return { ok: false, message, position: FilterGrammar.maxLength + 1 }
  }
  const cursor = new FilterTokenCursor(text, options.mode)
  if (cursor.peek().kind === 'end') {
    cursor.failAt(
      0,
      options.mode === 'policy'
        ? "the policy is empty; write a condition such as '@item.owner eq @claims.sub'"
        : "the expression is empty; write a condition such as 'id eq 1'",
    )
  }
  const node = cursor.failure ? undefined : parseDisjunction(cursor, '')
  if (node) checkEnd(cursor)
  const failure = cursor.failure
  if (failure || !node)
    return { ok: false, message: failure?.message ?? 'Syntax error.', position: failure?.position ?? 1 }
  return { ok: true, node }
}

function parseDisjunction(cursor: FilterTokenCursor, context: string): FilterNode | undefined {
  const first = parseConjunction(cursor, context)
  if (!first) return undefined
  const items = [first]
  while (isWordToken(cursor.peek(), 'or')) {
    cursor.next()
    const item = parseConjunction(cursor, " after 'or'")
    if (!item) return undefined
    items.push(item)
  }
  return items.length === 1 ? first : Filter.or(items)
}

function parseConjunction(cursor: FilterTokenCursor, context: string): FilterNode | undefined {
  const first = parseUnary(cursor, context)
  if (!first) return undefined
  const items = [first]
  while (isWordToken(cursor.peek(), 'and')) {
    cursor.next()
    const item = parseUnary(cursor, " after 'and'")
    if (!item) return undefined
    items.push(item)
  }
  return items.length === 1 ? first : Filter.and(items)
}

function parseUnary(cursor: FilterTokenCursor, context: string): FilterNode | undefined {
  const token = cursor.peek()
  if (!isWordToken(token, 'not')) return parsePrimary(cursor, context)
  cursor.next()
  if (!cursor.enter(token)) return undefined
  const item = parseUnary(cursor, " after 'not'")
  cursor.leave()
  return item && Filter.not(item)
}

function parsePrimary(cursor: FilterTokenCursor, context: string): FilterNode | undefined {
  const token = cursor.peek()
  if (token.kind === 'open') return parseGroup(cursor)
  if (token.kind === 'end' || token.kind === 'close' || token.kind === 'comma') {
    return cursor.fail(token, `expected a condition${context}, found ${describeFilterToken(token)}`)
  }
  if (token.kind === 'word') {
    const word = token.text
    if (word === 'and' || word === 'or') return cursor.fail(token, `expected a condition${context}, found '${word}'`)
    if (isComparisonOperator(word) || word === 'in') return cursor.fail(token, `missing operand before '${word}'`)
    if (!FilterGrammar.reservedWords.has(word) && cursor.peek(1).kind === 'open') {
      // `tolower(name) eq 'x'` starts a comparison; `contains(…)` is a condition of its own.
      return FilterGrammar.caseFunctions.has(word)
        ? parseFilterPredicate(cursor, context)
        : parseFilterFunctionCall(cursor)
    }
    if ((word === 'true' || word === 'false') && !continuesComparison(cursor)) {
      cursor.next()
      return Filter.constant(word === 'true')
    }
  }
  return parseFilterPredicate(cursor, context)
}

function parseGroup(cursor: FilterTokenCursor): FilterNode | undefined {
  const open = cursor.next()
  if (!cursor.enter(open)) return undefined
  const inner = parseDisjunction(cursor, " after '('")
  cursor.leave()
  if (!inner) return undefined
  const close = cursor.next()
  if (close.kind === 'close') return inner
  if (close.kind === 'end') return cursor.fail(open, "unbalanced parenthesis: the '(' opened here is never closed")
  return cursor.fail(
    close,
    `expected 'and', 'or' or ')', found ${describeFilterToken(close)}${describeKeywordCaseHint(close)}`,
  )
}

/** After a whole expression only the end may follow. */
function checkEnd(cursor: FilterTokenCursor): void {
  const token = cursor.peek()
  if (token.kind === 'end') return
  if (token.kind === 'close') {
    cursor.fail(token, "unbalanced parenthesis: this ')' has no matching '('")
    return
  }
  const expected = describeKeywordCaseHint(token) || "; expected 'and', 'or' or the end of the expression"
  cursor.fail(token, `unexpected ${describeFilterToken(token)} after a complete condition${expected}`)
}

/** True when the `true`/`false` under the cursor is the left operand of a comparison or `in`, not a constant. */
function continuesComparison(cursor: FilterTokenCursor): boolean {
  const next = cursor.peek(1)
  return next.kind === 'word' && (isComparisonOperator(next.text) || next.text === 'in')
}
