/** The seven columns every system returns, in table order. */
export const BOOK_COLUMNS = 'id, title, author_id, year, price, isbn, pages'

/** Scenario parameters shared by the baselines, Sluice's URLs and the row check. */
export const LIST_LIMIT = 100
export const KEY_ID = 5
export const FILTER = { minYear: 2000, maxPrice: 50, limit: 20 } as const
/** The author whose books the `procedure` scenario reads (20 books). */
export const PROCEDURE_AUTHOR = 7
/** The `list-jwt` role's row policy (`@item.year ge 2000`) and the column it may not read. */
export const POLICY = { minYear: 2000, excluded: 'isbn' } as const

/**
 * The rows of each scenario. The filter orders by price, then id: Sluice appends the key to every `$orderby` so pages
 * are a total order, and the baseline must break price ties the same way to return the same rows.
 */
// Page sizes are literals, as in peers.md's baselines: with `LIMIT $n` PostgreSQL re-plans every execution of a
// prepared statement (pg_prepared_statements shows only custom plans), which would handicap the baselines.
export const LIST_SQL = `SELECT ${BOOK_COLUMNS} FROM books ORDER BY id LIMIT ${LIST_LIMIT}`
export const KEY_SQL = `SELECT ${BOOK_COLUMNS} FROM books WHERE id = $1`
/** `$select=id,title`: two of the columns. */
export const SELECT_SQL = `SELECT id, title FROM books ORDER BY id LIMIT ${LIST_LIMIT}`
/** The stored procedure's rows (the function orders them by id). */
export const PROCEDURE_SQL = `SELECT ${BOOK_COLUMNS} FROM books_by_author($1)`
/** What the `list-jwt` role may read: its row policy applied, the excluded column left out. */
export const POLICY_SQL = `SELECT ${BOOK_COLUMNS.replace(`, ${POLICY.excluded}`, '')} FROM books WHERE year >= ${POLICY.minYear} ORDER BY id LIMIT ${LIST_LIMIT}`
export const FILTER_SQL = `SELECT ${BOOK_COLUMNS} FROM books WHERE year > $1 AND price < $2 ORDER BY price DESC, id ASC LIMIT ${FILTER.limit}`

/** The `$expand` scenarios' page: 100 catalog books, each with its publisher and its authors. */
export const EXPAND_LIMIT = 100

/**
 * The `$expand` scenarios' rows as PostgREST embeds them: the books with a to-one `publisher` (`row_to_json` of a
 * LATERAL row) and a to-many `authors` (`json_agg` of a LATERAL sub-query through the linking table, `[]` when none),
 * one statement. Authors in id order and publishers/authors with `id, name`, as Sluice writes them.
 */
export const EXPAND_SQL = `SELECT b.id, b.title, b.publisher_id, b.year, b.price, row_to_json(p) AS publisher, coalesce(a.authors, '[]'::json) AS authors
FROM catalog_books AS b
LEFT JOIN LATERAL (SELECT cp.id, cp.name FROM catalog_publishers AS cp WHERE cp.id = b.publisher_id) AS p ON true
LEFT JOIN LATERAL (
  SELECT json_agg(x ORDER BY x.id) AS authors FROM (SELECT au.id, au.name FROM catalog_book_authors AS ba JOIN authors AS au ON au.id = ba.author_id WHERE ba.book_id = b.id) AS x
) AS a ON true
ORDER BY b.id LIMIT ${EXPAND_LIMIT}`

/** The same rows as one JSON array built by PostgreSQL (`[]` when empty), returned as text. */
export function jsonAggSql(rowsSql: string): string {
  return `SELECT coalesce(json_agg(b), '[]')::text AS json FROM (${rowsSql}) AS b`
}

/**
 * The write scenarios' statements: POST inserts one book with the six non-key columns, PATCH sets price and pages of
 * one book by id. Both return the seven columns of the written row.
 */
export const INSERT_SQL = `INSERT INTO books (title, author_id, year, price, isbn, pages) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BOOK_COLUMNS}`
export const UPDATE_SQL = `UPDATE books SET price = $2, pages = $3 WHERE id = $1 RETURNING ${BOOK_COLUMNS}`

/**
 * The written row's id and the finished response body `{"value":[row]}` built by PostgreSQL (row_to_json of the
 * RETURNING row, as Sluice's write statement builds it), returned as text. No row when nothing was written.
 */
export function valueEnvelopeSql(writeSql: string): string {
  return `WITH w AS (${writeSql}) SELECT w.id, '{"value":[' || row_to_json(w)::text || ']}' AS json FROM w`
}

/** A POST body: the six non-key columns of a new book. */
export interface NewBook {
  readonly title: string
  readonly author_id: number
  readonly year: number
  readonly price: number
  readonly isbn: string
  readonly pages: number
}

/** A PATCH body: a new price and page count. */
export interface BookChange {
  readonly price: number
  readonly pages: number
}

/**
 * The n-th new book of a run (n ≥ 0). A pure function of n like the data set; the isbn ('979' + n) never repeats
 * within one run of the harness, although the table has no unique index on it.
 */
export function newBook(n: number): NewBook {
  return {
    title: `Bench book ${n}`,
    author_id: 1 + ((n * 37) % 500),
    year: 1950 + (n % 75),
    price: (((n * 104729) % 9500) + 500) / 100,
    isbn: `979${String(n % 10_000_000_000).padStart(10, '0')}`,
    pages: 80 + ((n * 53) % 900),
  }
}

/** The id the n-th PATCH changes: n ↦ 1 + 7919·n mod 10,000 visits every loaded row once per 10,000 requests. */
export function changedBookId(n: number): number {
  return 1 + ((n * 7919) % 10_000)
}

/** The n-th PATCH body: a price and page count that differ from request to request. */
export function bookChange(n: number): BookChange {
  return { price: (((n * 7907) % 9500) + 500) / 100, pages: 100 + ((n * 31) % 900) }
}
