import type { ScalarType } from '../model/scalar-type.js'
import type { EntityModel } from '../model/service-model.js'
import type { ColumnRef, ParamRef, PredicateNode } from './predicate-node.js'
import type { PlanParameter } from './plan-parameter.js'
import type { TableRef } from './table-ref.js'

export type { TableRef } from './table-ref.js'

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
 * - `data`: the JSON array text of the rows it read, in order (NULL when none), with any whitespace. Core finds the
 *   elements by the JSON structure and drops the extra one; a dialect whose records are compact, one per line after
 *   a comma (PostgreSQL's `json_agg` writes `, \n `), may say so with `DialectCapabilities.pageRecordPerLine` and
 *   core counts newlines instead (faster; a raw newline cannot occur inside a JSON string).
 * - `cursor`: the `cursorColumns` values of row number `limit`, each as text (NULL stays NULL), as an array or JSON
 *   array text. It may be left out (or NULL) when every cursor column is an output column whose type has an exact
 *   JSON form (`hasExactJsonForm`): core then reads the values from that row's JSON.
 * A dialect may instead cut `data` to `limit` rows itself and return `more` (boolean) with the `cursor`.
 */
export interface PageResult {
  readonly mode: 'page'
  /**
   * Rows per page, and rows to read: limit + 1, or limit when the caller reads no paging value
   * (`OperationRequest.pageInfo`), so nothing follows. Integers written into the SQL rather than bound: they come from
   * validated page sizes, never from request text, and as literals they let PostgreSQL keep one generic plan
   * (with `LIMIT $n` it re-plans on every execution).
   */
  readonly limit: number
  readonly fetch: number
  readonly cursorColumns: readonly ColumnRef[]
  /**
   * Rows to skip before the page (`OFFSET`), for entities without key fields, which page by position: their next
   * cursor is the offset core computes, so `cursorColumns` is empty. Undefined on first pages and keyset pages.
   */
  readonly offset?: ParamRef | undefined
}

/** At most one row; the statement returns zero or one row with `data`: the JSON object text. */
/**
 * A large page, streamed: the statement returns one row per record, in order, at most `fetch` (limit + 1, or limit) rows,
 * each with `data` (the record's JSON object text) and `c0`…`cn` (the `cursorColumns` values as text). Core reads it
 * through `Driver.stream` and stops after row `limit + 1`. Only dialects with `capabilities.streamingReads` get it,
 * and never for aggregation. Nested relationships are built into each record as in a page (their cursors carry
 * the plan's marker; core signs them record by record).
 */
export interface StreamResult {
  readonly mode: 'stream'
  readonly limit: number
  readonly fetch: number
  readonly cursorColumns: readonly ColumnRef[]
  /** As `PageResult.offset`. */
  readonly offset?: ParamRef | undefined
}

export interface SingleResult {
  readonly mode: 'single'
}

export interface SelectPlan {
  readonly kind: 'select'
  /** Identifies the SQL shape: equal keys must compile to equal SQL. Built by `buildShapeKey`. */
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  /**
   * The entity whose read this is. Core's plans carry it, so what runs the plan can tell which entity's settings
   * apply (the response cache: several entities may share a table); dialects do not need it.
   */
  readonly entity?: EntityModel | undefined
  readonly table: TableRef
  readonly columns: readonly OutputColumn[]
  readonly where: PredicateNode | undefined
  readonly orderBy: readonly OrderTerm[]
  readonly result: PageResult | SingleResult | StreamResult
  readonly parameters: readonly PlanParameter[]
  /** Relationships nested into each record; absent or empty when none (see {@link NestedSelect}). */
  readonly relations?: readonly NestedSelect[] | undefined
  /** Present when a nested page may produce a cursor (see {@link NestedCursors}). */
  readonly nestedCursors?: NestedCursors | undefined
  /** Group and aggregate instead of returning records (see {@link AggregatePlan}). */
  readonly aggregate?: AggregatePlan | undefined
  /** Also count the matching rows (`OperationRequest.count`; see {@link CountPlan}); page and stream results only. */
  readonly count?: CountPlan | undefined
}

/**
 * The rows of the plan's table that match `where` — the filter and the row policy, never the keyset or offset of
 * `$after` — counted in the same statement (an uncorrelated scalar sub-query the database evaluates once). A page
 * statement returns the number as column `count` beside `data`; a streamed page returns it in every row; a nested
 * connection object gets the member `"totalCount"` (counted per parent, joined as the page is).
 */
export interface CountPlan {
  readonly where: PredicateNode | undefined
}

/**
 * A relationship nested into each record of a select (`OperationRequest.relations`), built in the same statement:
 * the record gains a JSON value under `name` — the related object or null (`one`), or a connection object
 * `{"items": [...], "hasNextPage": bool, "endCursor": string | null}` (`many`; the items array alone for a complete
 * page when `NestedPage.arrayWhenComplete` asks and the dialect does so). Only dialects with
 * `capabilities.nestedReads` receive plans with relations (core refuses them otherwise).
 *
 * Nested JSON must hold no raw newline (root pages are counted by the newlines `json_agg` writes between records):
 * build it with `row_to_json` / `array_to_json` / `json_build_object`, never `json_agg`.
 */
export interface NestedSelect {
  /** The response key. */
  readonly name: string
  readonly cardinality: 'one' | 'many'
  /** The target under its own alias (the parent's alias + `_r<n>`). */
  readonly table: TableRef
  /** The linking object of a many-to-many relationship, under the target's alias + `l`. */
  readonly linking: TableRef | undefined
  /** Joins the target (and linking object) to the parent row; references the parent's alias. */
  readonly join: PredicateNode
  /** The parent's columns `join` reads (a dialect that narrows the parent's columns must keep them). */
  readonly parentColumns: readonly ColumnRef[]
  readonly columns: readonly OutputColumn[]
  /** The target's row policy, the nested filter and the nested cursor's keyset predicate. */
  readonly where: PredicateNode | undefined
  readonly orderBy: readonly OrderTerm[]
  /** `many` only: rows per parent. */
  readonly page: NestedPage | undefined
  readonly relations: readonly NestedSelect[]
  /** `many` only: the connection object also carries `"totalCount"` (see {@link CountPlan}; the join applies too). */
  readonly count?: CountPlan | undefined
}

/**
 * A nested page: `limit` rows per parent, reading `fetch` (= limit + 1) to learn whether there are more. When there
 * are, `endCursor` is the JSON string: the text of the parameter `NestedCursors.marker`, then `<cursor>:`, then the
 * JSON array text of the `cursorColumns` values (as text) of row number `limit`. Core replaces it with a signed cursor.
 */
export interface NestedPage {
  readonly limit: number
  readonly fetch: number
  readonly cursorColumns: readonly ColumnRef[]
  /** Index into `NestedCursors.cursors`: how core signs this page's cursor. */
  readonly cursor: number
  /**
   * `false`: the connection object is `{"items": [...]}` (then `"totalCount"` when counted), without `hasNextPage`
   * and `endCursor` — the caller reads neither (`RelationSelection.pageInfo`). Absent or true: all of them.
   */
  readonly pageInfo?: boolean | undefined
  /**
   * `true`: when fewer than `fetch` rows exist (no next page) and the select has no `count`, the value may be the JSON
   * array of the items alone instead of the connection object (`RelationSelection.arrayWhenComplete`). A dialect may
   * ignore it and always build the connection object.
   */
  readonly arrayWhenComplete?: boolean | undefined
}

/**
 * How nested cursors travel: cursors are signed by core, not the database, so the statement writes a per-request
 * random marker (a parameter, so the SQL text stays per shape) before each nested cursor's values, and the shape stage
 * replaces every marked string with a signed cursor. Stored data cannot contain an unguessable per-request marker.
 */
export interface NestedCursors {
  readonly marker: ParamRef
  readonly value: string
  readonly cursors: readonly NestedCursorSpec[]
}

export interface NestedCursorSpec {
  readonly entity: string
  readonly order: readonly { readonly name: string; readonly direction: 'asc' | 'desc' }[]
  /** The cursor carries a value the caller may not read (an unreadable key column): seal it. */
  readonly conceal: boolean
  /** False when the caller does not read this cursor: core writes `null` instead of signing it. */
  readonly signed: boolean
}

/**
 * Group and aggregate (`OperationRequest.aggregate`), for dialects with `capabilities.aggregation`. The statement
 * returns one row whose `data` is the JSON array text of at most `limit` groups after `offset`, in `order`:
 * `{"fields": {<group name>: value, …}, "aggregations": {<name>: number | null, …}}`. The plan's `where` filters the
 * rows first; `result` is `single` and `orderBy`/`columns` are empty.
 */
export interface AggregatePlan {
  readonly groupBy: readonly OutputColumn[]
  readonly aggregations: readonly AggregateColumn[]
  /** Most groups to build (the request's page size): a literal, like a page's size. */
  readonly limit: number
  /** Groups to skip, a parameter (it comes from a cursor); undefined for none. */
  readonly offset: ParamRef | undefined
  /**
   * The groups' order over the grouping statement's output columns (`g<i>`, `a<i>` of the derived table `x`, see
   * `BaseSqlCompiler.aggregateGroups`): an aggregation's value when the request asks, then every group column
   * ascending; NULL is lowest.
   */
  readonly order: readonly OrderTerm[]
}

export interface AggregateColumn {
  readonly name: string
  readonly function: 'count' | 'sum' | 'avg' | 'min' | 'max'
  readonly column: ColumnRef
  readonly distinct: boolean
  /** Conditions on the aggregate value (SQL HAVING), combined with AND; values are parameters. */
  readonly having: readonly AggregateHaving[]
}

export interface AggregateHaving {
  readonly op: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in'
  readonly values: readonly ParamRef[]
}
