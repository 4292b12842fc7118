import { invariant, InvariantError } from '../../util/invariant.js'
import type { FilterKind, FilterNode } from '../filter-node.js'
import type { FilterExpressionMode, FilterExpressionOptions } from './filter-grammar.js'
import type { CaseFold } from '../filter-node.js'
import { FOLD_NAMES, printFilterField, printFilterOperand, printsAsString } from './print-filter-operand.js'

type NodePrinter<K extends FilterKind> = (node: Extract<FilterNode, { kind: K }>, mode: FilterExpressionMode) => string

const FUNCTION_NAMES = { contains: 'contains', startsWith: 'startswith', endsWith: 'endswith' } as const

const printers: { readonly [K in FilterKind]: NodePrinter<K> } = {
  comparison: (node, mode) =>
    `${printFilterOperand(node.left, mode)} ${node.op} ${printFilterOperand(node.right, mode)}`,
  and: (node, mode) => printJunction(node.items, 'and', mode),
  or: (node, mode) => printJunction(node.items, 'or', mode),
  not: (node, mode) => printNegation(node.item, mode),
  stringMatch: (node, mode) => {
    const { value } = node
    invariant(
      value.kind === 'claim' || printsAsString(value),
      `${node.mode}() needs a string or a claim to compare with`,
    )
    const field = folded(node.fieldFold, printFilterField(node.field, mode))
    const call = `${FUNCTION_NAMES[node.mode]}(${field}, ${folded(node.valueFold, printFilterOperand(node.value, mode))})`
    return node.negated ? `not ${call}` : call
  },
  in: (node, mode) => {
    invariant(node.valueFold === undefined, "the expression language cannot fold the values of an 'in' list")
    if (node.values.length === 0) return 'false'
    return `${folded(node.fieldFold, printFilterField(node.field, mode))} in (${node.values.map((v) => printFilterOperand(v, mode)).join(', ')})`
  },
  isNull: (node, mode) => `${printFilterField(node.field, mode)} ${node.isNull ? 'eq' : 'ne'} null`,
  constant: (node) => (node.value ? 'true' : 'false'),
  related: (node) => {
    throw new InvariantError(
      `the expression language has no syntax for a filter on relationship '${node.relationship}'`,
    )
  },
}

function folded(fold: CaseFold | undefined, text: string): string {
  return fold === undefined ? text : `${FOLD_NAMES[fold]}(${text})`
}

/**
 * Writes a filter tree as canonical expression text that `parseFilterExpression` (same mode) reads back to a
 * deep-equal tree. Nested `and`/`or` are always parenthesized, `not` is written `not (…)` around comparisons and
 * junctions; numbers keep their text and quotes in strings are doubled. Nodes without their own syntax are written
 * as their equivalent: `isNull` as `eq null`/`ne null`, a negated string match as `not contains(…)`, an empty
 * `and`/`or` as `true`/`false`, a one-item `and`/`or` as its item. Fails an invariant on a tree the language
 * cannot express (see `printFilterOperand`).
 */
export function printFilterExpression(node: FilterNode, options: FilterExpressionOptions): string {
  return printNode(node, options.mode)
}

function printNode(node: FilterNode, mode: FilterExpressionMode): string {
  return (printers[node.kind] as NodePrinter<FilterKind>)(node, mode)
}

function printJunction(items: readonly FilterNode[], word: 'and' | 'or', mode: FilterExpressionMode): string {
  if (items.length === 0) return word === 'and' ? 'true' : 'false'
  if (items.length === 1) return printNode(items[0]!, mode)
  return items
    .map((item) => (item.kind === 'and' || item.kind === 'or' ? `(${printNode(item, mode)})` : printNode(item, mode)))
    .join(` ${word} `)
}

/** `not` binds tighter than `and`/`or`, so only a junction, comparison or `in` needs parentheses (the latter for the reader). */
function printNegation(item: FilterNode, mode: FilterExpressionMode): string {
  const text = printNode(item, mode)
  const bare = item.kind === 'not' || item.kind === 'constant' || (item.kind === 'stringMatch' && !item.negated)
  return bare ? `not ${text}` : `not (${text})`
}
