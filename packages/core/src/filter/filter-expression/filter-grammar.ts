import type { CaseFold, ComparisonOperator, StringMatchMode } from '../filter-node.js'

/** `filter`: REST `$filter`, fields are bare identifiers. `policy`: a permission's `policy.database`, fields are `@item.<name>` and claims `@claims.<name>`. */
export type FilterExpressionMode = 'filter' | 'policy'

/** Options of `parseFilterExpression` and `printFilterExpression`. */
export interface FilterExpressionOptions {
  readonly mode: FilterExpressionMode
}

const comparisonOperators: readonly ComparisonOperator[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le']

/**
 * The fixed vocabulary and limits of the filter expression language. Keywords and function names are lower-case
 * and case-sensitive, as in OData.
 */
export const FilterGrammar = Object.freeze({
  comparisonOperators,
  /** Function name as written → the `StringMatchFilter` mode it builds. */
  stringFunctions: new Map<string, StringMatchMode>([
    ['contains', 'contains'],
    ['startswith', 'startsWith'],
    ['endswith', 'endsWith'],
  ]) as ReadonlyMap<string, StringMatchMode>,
  /** Function name as written → the case it folds its argument to (`CaseFoldOperand`). */
  caseFunctions: new Map<string, CaseFold>([
    ['tolower', 'lower'],
    ['toupper', 'upper'],
  ]) as ReadonlyMap<string, CaseFold>,
  /** Words that can never be a bare field name in `filter` mode (after `@item.` they can). */
  reservedWords: new Set<string>([
    'and',
    'or',
    'not',
    'in',
    'true',
    'false',
    'null',
    ...comparisonOperators,
  ]) as ReadonlySet<string>,
  /** Longest accepted expression, in UTF-16 code units. */
  maxLength: 8192,
  /** Deepest accepted nesting, counting every `(` group and every `not`. */
  maxDepth: 64,
  /** Most values accepted in one `in (…)` list (core also bounds all lists of one filter together: `MAX_IN_VALUES`). */
  maxInListLength: 1000,
})

/** True for the names of functions the language has: the string matches and the case folds. */
export function isFilterFunction(word: string): boolean {
  return FilterGrammar.stringFunctions.has(word) || FilterGrammar.caseFunctions.has(word)
}

/** Type guard for the six comparison operator keywords. */
export function isComparisonOperator(word: string): word is ComparisonOperator {
  return (comparisonOperators as readonly string[]).includes(word)
}

/** Full-match patterns of the unquoted literal forms, shared by the tokenizer (sticky copies) and the printer (validation). */
export const FilterLiteralPatterns = Object.freeze({
  guid: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/,
  datetime: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?/,
  date: /[0-9]{4}-[0-9]{2}-[0-9]{2}/,
  time: /[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?/,
  number: /-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/,
  /** A field name: Unicode letters, digits, combining marks and `_`, not starting with a digit. */
  identifier: /[\p{L}_][\p{L}\p{M}\p{Nd}_]*/u,
  /** A claim name after `@claims.`; must not end with `.` (checked separately). */
  claimName: /[A-Za-z0-9_\-:/.]+/,
})
