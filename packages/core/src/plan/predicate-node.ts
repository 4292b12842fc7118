import type { CaseFold, ComparisonOperator } from '../filter/filter-node.js'
import type { TableRef } from './table-ref.js'

/**
 * Boolean expressions inside a plan. Values never appear inline: a {@link ParamRef} points into the plan's
 * `parameters`, so SQL text depends only on the tree's shape and can be cached per shape.
 */
export type PredicateNode =
  | ComparePredicate
  | IsNullPredicate
  | LikePredicate
  | InPredicate
  | AndPredicate
  | OrPredicate
  | NotPredicate
  | ConstantPredicate
  | ExistsPredicate

export type PredicateKind = PredicateNode['kind']

/** A column of a table in the plan, by the table's alias. */
export interface ColumnRef {
  readonly kind: 'column'
  readonly table: string
  readonly column: string
}

/** Position of a value in the plan's `parameters`. */
export interface ParamRef {
  readonly kind: 'param'
  readonly index: number
}

/**
 * A text column or parameter with its letters folded to one case (`tolower()`/`toupper()`). Dialects fold with the
 * database's Unicode case mapping and make the folded text compare by code point, whatever the column's collation,
 * so a folded comparison gives the same rows on every engine (docs/decisions.md, "Case-insensitive filters").
 */
export interface CaseFoldExpr {
  readonly kind: 'caseFold'
  readonly fold: CaseFold
  readonly operand: ColumnRef | ParamRef
}

export type ValueExpr = ColumnRef | ParamRef | CaseFoldExpr

export interface ComparePredicate {
  readonly kind: 'compare'
  readonly left: ValueExpr
  readonly op: ComparisonOperator
  readonly right: ValueExpr
}

export interface IsNullPredicate {
  readonly kind: 'isNull'
  readonly operand: ColumnRef
  readonly negated: boolean
}

/** `operand LIKE pattern` where the pattern parameter is already escaped with backslash (`\%`, `\_`, `\\`). */
export interface LikePredicate {
  readonly kind: 'like'
  readonly operand: ColumnRef | CaseFoldExpr
  readonly pattern: ParamRef | CaseFoldExpr
  readonly negated: boolean
}

export interface InPredicate {
  readonly kind: 'in'
  readonly operand: ColumnRef | CaseFoldExpr
  readonly values: readonly (ParamRef | CaseFoldExpr)[]
}

export interface AndPredicate {
  readonly kind: 'and'
  readonly items: readonly PredicateNode[]
}

export interface OrPredicate {
  readonly kind: 'or'
  readonly items: readonly PredicateNode[]
}

export interface NotPredicate {
  readonly kind: 'not'
  readonly item: PredicateNode
}

export interface ConstantPredicate {
  readonly kind: 'constant'
  readonly value: boolean
}

/**
 * `EXISTS (SELECT 1 FROM <from> WHERE <where>)`: a related row exists (a filter on a related entity). `where` holds
 * the join to the outer row (column = column across aliases), the nested filter and the target's row policy.
 */
export interface ExistsPredicate {
  readonly kind: 'exists'
  readonly from: readonly TableRef[]
  readonly where: PredicateNode
}
