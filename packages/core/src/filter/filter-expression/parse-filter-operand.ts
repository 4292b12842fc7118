import { Filter, type CaseFoldOperand, type FilterOperand } from '../filter-node.js'
import { describeUnknownFilterFunction } from './describe-unknown-filter-function.js'
import { FilterGrammar } from './filter-grammar.js'
import { describeFilterToken, type FilterToken } from './filter-token.js'
import type { FilterTokenCursor } from './filter-token-cursor.js'

/**
 * Reads one operand (a field, a claim, a literal, or `tolower(…)`/`toupper(…)` of one) and moves past it, or records
 * why the current token is not one. `context` completes the message `expected a field or value<context>`, e.g.
 * ` after 'eq'`.
 */
export function parseFilterOperand(cursor: FilterTokenCursor, context: string): FilterOperand | undefined {
  const token = cursor.peek()
  switch (token.kind) {
    case 'literal':
      cursor.next()
      return token.literal
    case 'item':
      if (cursor.mode !== 'policy') {
        return cursor.fail(
          token,
          `'${token.text}' can only be used in a database policy; in $filter write the field name '${token.name}' on its own`,
        )
      }
      cursor.next()
      return Filter.field(token.name)
    case 'claim':
      if (cursor.mode !== 'policy')
        return cursor.fail(
          token,
          `'${token.text}' can only be used in a database policy; $filter cannot refer to claims`,
        )
      cursor.next()
      return Filter.claim(token.name)
    case 'word':
      return parseWordOperand(cursor, token, context)
    default:
      return cursor.fail(token, `expected a field or value${context}, found ${describeFilterToken(token)}`)
  }
}

function parseWordOperand(cursor: FilterTokenCursor, token: FilterToken, context: string): FilterOperand | undefined {
  const word = token.text
  if (word === 'true' || word === 'false') {
    cursor.next()
    return Filter.literal(word === 'true', 'boolean')
  }
  if (word === 'null') {
    cursor.next()
    return Filter.literal(null, 'null')
  }
  if (FilterGrammar.reservedWords.has(word))
    return cursor.fail(token, `expected a field or value${context}, found '${word}'`)
  if (cursor.peek(1).kind === 'open') {
    if (FilterGrammar.caseFunctions.has(word)) return parseCaseFold(cursor)
    if (!FilterGrammar.stringFunctions.has(word)) return cursor.fail(token, describeUnknownFilterFunction(word))
    return cursor.fail(token, `${word}() is a condition on its own and cannot be used as a value${context}`)
  }
  if (cursor.mode === 'policy') {
    return cursor.fail(
      token,
      `bare names are not allowed in a database policy: write '@item.${word}' for the field '${word}' (or '@claims.${word}' for a claim)`,
    )
  }
  cursor.next()
  return Filter.field(word)
}

/** `tolower(x)` / `toupper(x)` from the function name on: the argument is a field, a string literal or a claim. */
function parseCaseFold(cursor: FilterTokenCursor): CaseFoldOperand | undefined {
  const nameToken = cursor.next()
  const fold = FilterGrammar.caseFunctions.get(nameToken.text)!
  const fn = `${nameToken.text}()`
  const open = cursor.next()
  const argumentToken = cursor.peek()
  const argument = parseFilterOperand(cursor, ` as the argument of ${fn}`)
  if (!argument) return undefined
  if (argument.kind === 'caseFold' || (argument.kind === 'literal' && argument.literalType !== 'string')) {
    const expected = cursor.mode === 'policy' ? 'a field, a string literal or a claim' : 'a field or a string literal'
    return cursor.fail(argumentToken, `${fn} expects ${expected}, found ${describeFilterToken(argumentToken)}`)
  }
  const close = cursor.next()
  if (close.kind === 'end') return cursor.fail(open, `unbalanced parenthesis: the '(' of ${fn} is never closed`)
  if (close.kind !== 'close')
    return cursor.fail(close, `expected ')' after the argument of ${fn}, found ${describeFilterToken(close)}`)
  return Filter.caseFold(fold, argument)
}
