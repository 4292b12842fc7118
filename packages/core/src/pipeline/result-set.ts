/** What the execute stage read from the database, per the plan's result contract (see `SelectPlan`, `ReturnedRecord`). */
export type ResultSet = PageResultSet | SingleResultSet | StreamResultSet | WriteResultSet

export interface PageResultSet {
  readonly kind: 'page'
  /** JSON array text of the page's records (API names), or null for an empty page. */
  readonly json: string | null
  readonly more: boolean
  /** Ordering values of the last record, as text; present when `more`. */
  readonly cursor: readonly (string | null)[] | null
  /** The number of matching rows, when the plan counts them (`SelectPlan.count`). */
  readonly count?: number | undefined
}

/** A streamed page (see `StreamResult`): the record texts chunk by chunk, then the paging state. */
export interface StreamResultSet {
  readonly kind: 'stream'
  /** JSON object texts of the records, in order, in chunks; at most the page's limit. */
  readonly records: AsyncIterable<readonly string[]>
  /** Whether a next page exists and the last record's ordering values; throws until `records` was read to the end. */
  end(): StreamEnd
  /** Gives the database session back without reading further (safe to call at any time, and more than once). */
  close(): Promise<void>
  /** The number of matching rows, when the plan counts them (read from the first row; 0 when there is none). */
  readonly count?: number | undefined
}

export interface StreamEnd {
  readonly more: boolean
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
  /**
   * JSON object text of every field of the row as written — as it was, for a delete — when the plan asked for it
   * (`ReturnedRecord.image`, `DeletePlan.image`: the entity publishes its changes); else undefined.
   */
  readonly image?: string | undefined
}
