import { invariant } from '../../util/invariant.js'
import type { FilterOperand, LiteralOperand } from '../filter-node.js'
import { FilterGrammar, FilterLiteralPatterns, type FilterExpressionMode } from './filter-grammar.js'

const fullMatch = (pattern: RegExp): RegExp => new RegExp(`^(?:${pattern.source})$`, pattern.flags)

const IDENTIFIER = fullMatch(FilterLiteralPatterns.identifier)
const CLAIM_NAME = fullMatch(FilterLiteralPatterns.claimName)
const UNQUOTED: Readonly<Record<'number' | 'date' | 'datetime' | 'time' | 'guid', RegExp>> = {
  number: fullMatch(FilterLiteralPatterns.number),
  date: fullMatch(FilterLiteralPatterns.date),
  datetime: fullMatch(FilterLiteralPatterns.datetime),
  time: fullMatch(FilterLiteralPatterns.time),
  guid: fullMatch(FilterLiteralPatterns.guid),
}

/**
 * Writes one operand as filter expression text: `name` or `@item.name`, `@claims.name`, or a literal. An operand
 * the language cannot express (an invalid name, a claim in `filter` mode, a literal value that does not match its
 * type) is a bug in the caller and fails an invariant rather than producing text that would parse differently.
 */
export function printFilterOperand(operand: FilterOperand, mode: FilterExpressionMode): string {
  switch (operand.kind) {
    case 'field':
      return printFilterField(operand.name, mode)
    case 'claim':
      invariant(mode === 'policy', `cannot print claim '${operand.name}' in a $filter expression`)
      invariant(
        CLAIM_NAME.test(operand.name) && !operand.name.endsWith('.'),
        `cannot print claim name '${operand.name}'`,
      )
      return `@claims.${operand.name}`
    case 'literal':
      return printLiteral(operand)
    case 'caseFold':
      invariant(
        operand.operand.kind !== 'literal' || printsAsString(operand.operand),
        `${FOLD_NAMES[operand.fold]}() needs a field, a string or a claim`,
      )
      return `${FOLD_NAMES[operand.fold]}(${printFilterOperand(operand.operand, mode)})`
  }
}

/** The function that folds to each case. */
export const FOLD_NAMES = { lower: 'tolower', upper: 'toupper' } as const

/** Whether a literal prints as a quoted string (the only literal `tolower()`, `contains()` … accept). */
export function printsAsString(literal: LiteralOperand): boolean {
  return literal.literalType === 'string' || (literal.literalType === 'any' && typeof literal.value === 'string')
}

/** Writes a field reference: the bare name in `filter` mode (never a reserved word), `@item.<name>` in `policy` mode. */
export function printFilterField(name: string, mode: FilterExpressionMode): string {
  invariant(IDENTIFIER.test(name), `cannot print field name '${name}': it is not an identifier`)
  if (mode === 'policy') return `@item.${name}`
  invariant(
    !FilterGrammar.reservedWords.has(name),
    `cannot print field name '${name}' in a $filter expression: it is a keyword`,
  )
  return name
}

function printLiteral(literal: LiteralOperand): string {
  const { value, literalType } = literal
  switch (literalType) {
    case 'string':
      invariant(typeof value === 'string', 'a string literal must hold a string')
      return printString(value)
    case 'boolean':
      invariant(typeof value === 'boolean', 'a boolean literal must hold a boolean')
      return String(value)
    case 'null':
      invariant(value === null || value === undefined, 'a null literal must hold null')
      return 'null'
    case 'number':
      return printNumber(value)
    case 'any':
      return printUntyped(value)
    default: {
      const text = value
      invariant(
        typeof text === 'string' && UNQUOTED[literalType].test(text),
        `cannot print ${String(text)} as a ${literalType} literal`,
      )
      return text
    }
  }
}

function printString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

function printNumber(value: unknown): string {
  const text =
    typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : value
  invariant(typeof text === 'string' && UNQUOTED.number.test(text), `cannot print ${String(text)} as a number literal`)
  return text
}

/** A literal of type `any` (typed by its protocol) is printed after its JavaScript type. */
function printUntyped(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return printString(value)
  if (typeof value === 'boolean') return String(value)
  return printNumber(value)
}
