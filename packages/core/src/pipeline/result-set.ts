/** What the execute stage read from the database, per the plan's result contract (see `SelectPlan`). */
export type ResultSet = PageResultSet | SingleResultSet

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
