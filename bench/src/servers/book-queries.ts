/** The seven columns every system returns, in table order. */
export const BOOK_COLUMNS = 'id, title, author_id, year, price, isbn, pages'

/** Scenario parameters shared by the baselines, Sluice's URLs and the row check. */
export const LIST_LIMIT = 100
export const KEY_ID = 5
export const FILTER = { minYear: 2000, maxPrice: 50, limit: 20 } as const

/**
 * The rows of each scenario. The filter orders by price, then id: Sluice appends the key to every `$orderby` so pages
 * are a total order, and the baseline must break price ties the same way to return the same rows.
 */
// Page sizes are literals, as in peers.md's baselines: with `LIMIT $n` PostgreSQL re-plans every execution of a
// prepared statement (pg_prepared_statements shows only custom plans), which would handicap the baselines.
export const LIST_SQL = `SELECT ${BOOK_COLUMNS} FROM books ORDER BY id LIMIT ${LIST_LIMIT}`
export const KEY_SQL = `SELECT ${BOOK_COLUMNS} FROM books WHERE id = $1`
export const FILTER_SQL = `SELECT ${BOOK_COLUMNS} FROM books WHERE year > $1 AND price < $2 ORDER BY price DESC, id ASC LIMIT ${FILTER.limit}`

/** The same rows as one JSON array built by PostgreSQL (`[]` when empty), returned as text. */
export function jsonAggSql(rowsSql: string): string {
  return `SELECT coalesce(json_agg(b), '[]')::text AS json FROM (${rowsSql}) AS b`
}
