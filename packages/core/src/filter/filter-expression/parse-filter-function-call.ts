import { Filter, type CaseFold, type StringMatchFilter } from '../filter-node.js'
import { describeUnknownFilterFunction } from './describe-unknown-filter-function.js'
import { FilterGrammar } from './filter-grammar.js'
import { describeFilterToken } from './filter-token.js'
import type { FilterTokenCursor } from './filter-token-cursor.js'
import { parseFilterOperand } from './parse-filter-operand.js'

/**
 * Reads `contains(field, value)`, `startswith(…)` or `endswith(…)` starting at the function name (the caller has
 * seen the name followed by `(`). The field may be folded (`tolower(field)`); the value is a string literal, or a
 * claim in a database policy, also folded or not.
 */
export function parseFilterFunctionCall(cursor: FilterTokenCursor): StringMatchFilter | undefined {
  const nameToken = cursor.next()
  const mode = FilterGrammar.stringFunctions.get(nameToken.text)
  if (!mode) return cursor.fail(nameToken, describeUnknownFilterFunction(nameToken.text))
  const fn = `${nameToken.text}()`
  const open = cursor.next()

  const fieldToken = cursor.peek()
  const first = parseFilterOperand(cursor, ` as the first argument of ${fn}`)
  if (!first) return undefined
  let fieldFold: CaseFold | undefined
  let field = first
  if (first.kind === 'caseFold') {
    fieldFold = first.fold
    field = first.operand
  }
  if (field.kind !== 'field')
    return cursor.fail(
      fieldToken,
      `${fn} expects a field as its first argument, found ${describeFilterToken(fieldToken)}`,
    )

  const comma = cursor.next()
  if (comma.kind !== 'comma')
    return cursor.fail(comma, `expected ',' after the first argument of ${fn}, found ${describeFilterToken(comma)}`)

  const valueToken = cursor.peek()
  const second = parseFilterOperand(cursor, ` as the second argument of ${fn}`)
  if (!second) return undefined
  let valueFold: CaseFold | undefined
  let value = second
  if (second.kind === 'caseFold') {
    valueFold = second.fold
    value = second.operand
  }
  if (
    value.kind === 'field' ||
    value.kind === 'caseFold' ||
    (value.kind === 'literal' && value.literalType !== 'string')
  ) {
    const expected = cursor.mode === 'policy' ? 'a string literal or a claim' : 'a string literal'
    return cursor.fail(
      valueToken,
      `${fn} expects ${expected} as its second argument, found ${describeFilterToken(valueToken)}`,
    )
  }

  const close = cursor.next()
  if (close.kind === 'end') return cursor.fail(open, `unbalanced parenthesis: the '(' of ${fn} is never closed`)
  if (close.kind !== 'close')
    return cursor.fail(close, `expected ')' after the second argument of ${fn}, found ${describeFilterToken(close)}`)
  return Filter.stringMatch(mode, field.name, value, false, { fieldFold, valueFold })
}
