import type { QualifiedName } from '../model/database-metadata.js'
import type { ScalarType } from '../model/scalar-type.js'
import type { ColumnRef, ParamRef, PredicateNode } from './predicate-node.js'
import type { PlanParameter } from './plan-parameter.js'

/** A table (or view) in a plan, with the alias its columns are referenced by. */
export interface TableRef {
  readonly name: QualifiedName
  readonly alias: string
}

/** One key of the JSON object built per row: `name` is the API-level field name. */
export interface OutputColumn {
  readonly name: string
  readonly column: ColumnRef
  readonly type: ScalarType
}

/**
 * One sort term. Sluice defines NULL as the lowest value on every engine: first when ascending, last when
 * descending. `nullable: false` lets a dialect omit NULL-ordering clauses (and keep using plain indexes).
 */
export interface OrderTerm {
  readonly column: ColumnRef
  readonly direction: 'asc' | 'desc'
  readonly nullable: boolean
}

/**
 * A page of rows. The compiled statement returns exactly one row with:
 * - `data`: the JSON array text of at most `limit` rows in order (or NULL when there are none),
 * - `more`: true when a row exists after them (the statement reads `fetch` = limit + 1 rows),
 * - `cursor`: the `cursorColumns` values of the last returned row, each as text (NULL stays NULL), as an array or
 *   as JSON array text.
 */
export interface PageResult {
  readonly mode: 'page'
  readonly limit: ParamRef
  readonly fetch: ParamRef
  readonly cursorColumns: readonly ColumnRef[]
}

/** At most one row; the statement returns zero or one row with `data`: the JSON object text. */
export interface SingleResult {
  readonly mode: 'single'
}

export interface SelectPlan {
  readonly kind: 'select'
  /** Identifies the SQL shape: equal keys must compile to equal SQL. Built by `buildShapeKey`. */
  readonly shapeKey: string
  readonly table: TableRef
  readonly columns: readonly OutputColumn[]
  readonly where: PredicateNode | undefined
  readonly orderBy: readonly OrderTerm[]
  readonly result: PageResult | SingleResult
  readonly parameters: readonly PlanParameter[]
}
