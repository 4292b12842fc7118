/** What the execute stage read from the database, per the plan's result contract (see `SelectPlan`, `ReturnedRecord`). */
export type ResultSet = PageResultSet | SingleResultSet | WriteResultSet

export interface PageResultSet {
  readonly kind: 'page'
  /** JSON array text of the page's records (API names), or null for an empty page. */
  readonly json: string | null
  readonly more: boolean
  /** Ordering values of the last record, as text; present when `more`. */
  readonly cursor: readonly (string | null)[] | null
}

export interface SingleResultSet {
  readonly kind: 'single'
  /** JSON object text of the record, or null when no row matched. */
  readonly json: string | null
}

export interface WriteResultSet {
  readonly kind: 'write'
  /** A row was inserted, updated or deleted. False when the key (or the row policy) matched nothing. */
  readonly written: boolean
  /** The row was inserted (an insert, or an upsert that found no row). */
  readonly inserted: boolean
  /** JSON object text of the written row as the caller may read it, or null. */
  readonly json: string | null
  /** The written row's key values as text, in key order (null for deletes). */
  readonly key: readonly (string | null)[] | null
}
