import type { ColumnRef, ParamRef, PredicateNode } from './predicate-node.js'
import type { PlanParameter } from './plan-parameter.js'
import type { OutputColumn, TableRef } from './select-plan.js'

/** The column's default (NULL when it has none): what PUT leaves in a field the body omits. */
export interface DefaultValue {
  readonly kind: 'default'
}

/** One column written by an insert or update: `column` is the database column name. */
export interface WriteValue {
  readonly column: string
  readonly value: ParamRef | DefaultValue
}

/**
 * The written row as the caller may read it. Every write statement except delete returns zero rows (nothing written)
 * or one row with:
 * - `data`: JSON object text of `columns` (API names), or NULL when `columns` is empty or the row fails `visible`;
 * - `key`: JSON array text of the `keyColumns` values, each as text (for the `Location` of a created row): required of
 *   inserts unless `keyInRecord` is set; an update or upsert may leave it out, since only a created row's key is read
 *   (`keyColumns` still names the key, for dialects that find the written row again by it);
 * - `inserted` (upsert only): true when the row was inserted, false when an existing row was updated.
 * Column references use the plan table's alias, and refer to the row as written.
 */
export interface ReturnedRecord {
  readonly columns: readonly OutputColumn[]
  /** The caller's read policy: the record is returned only when the written row satisfies it. */
  readonly visible: PredicateNode | undefined
  readonly keyColumns: readonly ColumnRef[]
  /**
   * The API names of the members of `data` that hold the key, in `keyColumns` order, set when `data` is returned for
   * every written row (no `visible`) and each key column is among `columns` with a JSON form whose text is the key's
   * text (integers up to 32 bits, UUIDs). A dialect may then leave `key` out of an insert too: core reads the
   * key from the record (the database spends nothing on a second copy of it).
   */
  readonly keyInRecord?: readonly string[] | undefined
  /**
   * Set when the entity publishes its changes (live data): the statement also returns `image`, the JSON object text
   * of `image.columns` for the row as written, whatever the caller may read.
   */
  readonly image?: RowImage | undefined
}

/**
 * What a write returns for live data: every field of the entity (`columns`, by API name) as JSON object text, which
 * subscribers' reads are then evaluated over. `entity` names whose change it is.
 */
export interface RowImage {
  readonly entity: string
  readonly columns: readonly OutputColumn[]
}

/**
 * The `create` action's row policy, checked against the proposed row inside the insert (Data API builder's
 * insert-select): when the row fails it, nothing is inserted and no row is returned. The proposed row holds the
 * inserted values; columns the policy names that the insert leaves to their defaults are NULL in it.
 */
export interface InsertGuard {
  /** Over the proposed row; column references use the plan table's alias. */
  readonly predicate: PredicateNode
  /** Every column of the proposed row with its database type (`FieldModel.dbType`), for typed placeholders. */
  readonly columns: readonly { readonly column: string; readonly dbType: string }[]
}

/** `INSERT` of one row. Columns not listed get their defaults. With a guard, `values` holds no `DEFAULT`. */
export interface InsertPlan {
  readonly kind: 'insert'
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  readonly table: TableRef
  readonly values: readonly WriteValue[]
  readonly guard: InsertGuard | undefined
  readonly returning: ReturnedRecord
  readonly parameters: readonly PlanParameter[]
}

/** `UPDATE` of the row `where` selects (key and policy). With no `set`, the row is only read back. */
export interface UpdatePlan {
  readonly kind: 'update'
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  readonly table: TableRef
  readonly set: readonly WriteValue[]
  readonly where: PredicateNode
  readonly returning: ReturnedRecord
  readonly parameters: readonly PlanParameter[]
}

/**
 * Insert, or update the existing row with the same key, atomically in one statement (PostgreSQL's
 * `INSERT … ON CONFLICT … DO UPDATE`, MySQL's `ON DUPLICATE KEY UPDATE`, SQL Server's `MERGE`). Only planned when
 * the dialect declares `nativeUpsert` and the key columns carry a unique constraint. On conflict, `updateColumns`
 * take the values proposed for insertion — provided the existing row satisfies `updateWhere` (the update policy);
 * when it does not, nothing is written and no row is returned.
 */
export interface UpsertPlan {
  readonly kind: 'upsert'
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  readonly table: TableRef
  readonly values: readonly WriteValue[]
  readonly conflictColumns: readonly string[]
  readonly updateColumns: readonly string[]
  readonly updateWhere: PredicateNode | undefined
  readonly returning: ReturnedRecord
  readonly parameters: readonly PlanParameter[]
}

/**
 * `DELETE` of the row `where` selects; returns one row per deleted row, with `image` (the row as it was, see `RowImage`) when `image` is set (see `ReturnedRecord.image`).
 */
export interface DeletePlan {
  readonly kind: 'delete'
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  readonly table: TableRef
  readonly where: PredicateNode
  readonly image?: RowImage | undefined
  readonly parameters: readonly PlanParameter[]
}
