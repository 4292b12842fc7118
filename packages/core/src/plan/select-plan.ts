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
 * A page of rows. The compiled statement reads up to `fetch` (= limit + 1) rows and returns exactly one row with:
 * - `data`: the JSON array text of the rows it read, in order (NULL when none). Consecutive elements are separated by
 *   a comma and whitespace that contains a newline (PostgreSQL's `json_agg` writes `, \n `); a raw newline appears
 *   nowhere else, since JSON strings escape it. Core counts the elements by these newlines and drops the extra one.
 * - `cursor`: the `cursorColumns` values of row number `limit`, each as text (NULL stays NULL), as an array or JSON
 *   array text. It may be left out (or NULL) when every cursor column is an output column whose type has an exact
 *   JSON form (`hasExactJsonForm`): core then reads the values from that row's JSON.
 * A dialect may instead cut `data` to `limit` rows itself and return `more` (boolean) with the `cursor`.
 */
export interface PageResult {
  readonly mode: 'page'
  /**
   * Rows per page, and rows to read (limit + 1). Integers written into the SQL rather than bound: they come from
   * validated page sizes, never from request text, and as literals they let PostgreSQL keep one generic plan
   * (with `LIMIT $n` it re-plans on every execution).
   */
  readonly limit: number
  readonly fetch: number
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
