import pg from 'pg'

/** Marker stored as the comment of `books`; bump it when the generated data changes. */
const DATASET_VERSION = 'sluice-bench dataset v2: 500 authors, 10000 books, a catalog of 10000 books by 50 publishers'
export const AUTHOR_COUNT = 500
export const BOOK_COUNT = 10_000
/** The `$expand` scenario's catalog: its own books, each with a publisher and 1 to 3 of the authors above. */
export const CATALOG_PUBLISHER_COUNT = 50
export const CATALOG_BOOK_COUNT = 10_000

// Every value is a pure function of the row number, so the data set is identical on every machine. The same
// expressions check, before every run and around every write scenario, that the table still holds exactly these rows.
const BOOK_VALUES = `'The Book of Things, volume ' || i,
       1 + (i * 37) % ${AUTHOR_COUNT},
       1950 + (i * 7919) % 75,
       ((i * 104729) % 9500 + 500) / 100.0,
       '978' || lpad(((i * 2654435761) % 10000000000)::text, 10, '0'),
       80 + (i * 53) % 900`

/**
 * The catalog the `$expand` scenarios read (separate tables, so the seven-column book scenarios are unchanged): 50
 * publishers, 10,000 books each with a publisher and 1 to 3 distinct authors of `authors`, all pure functions of the
 * row number. Book i's authors are 1 + (37i + 101k) mod 500 for k = 0 … i mod 3.
 */
const CATALOG_SQL = `
CREATE TABLE catalog_publishers (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE catalog_books (
  id serial PRIMARY KEY,
  title text NOT NULL,
  publisher_id int NOT NULL REFERENCES catalog_publishers (id),
  year int NOT NULL,
  price numeric(10,2) NOT NULL
);
CREATE TABLE catalog_book_authors (
  book_id int NOT NULL REFERENCES catalog_books (id),
  author_id int NOT NULL REFERENCES authors (id),
  PRIMARY KEY (book_id, author_id)
);
INSERT INTO catalog_publishers (name) SELECT 'Publisher ' || i FROM generate_series(1, ${CATALOG_PUBLISHER_COUNT}) AS i ORDER BY i;
INSERT INTO catalog_books (title, publisher_id, year, price)
SELECT 'Catalog title ' || i, 1 + (i * 7) % ${CATALOG_PUBLISHER_COUNT}, 1950 + (i * 7919) % 75, ((i * 104729) % 9500 + 500) / 100.0
FROM generate_series(1, ${CATALOG_BOOK_COUNT}) AS i ORDER BY i;
INSERT INTO catalog_book_authors (book_id, author_id)
SELECT i, 1 + (i * 37 + k * 101) % ${AUTHOR_COUNT} FROM generate_series(1, ${CATALOG_BOOK_COUNT}) AS i CROSS JOIN generate_series(0, 2) AS k WHERE k <= i % 3;
CREATE INDEX catalog_books_publisher_id_idx ON catalog_books (publisher_id);
CREATE INDEX catalog_book_authors_author_id_idx ON catalog_book_authors (author_id);
`

const CREATE_SQL = `
DROP FUNCTION IF EXISTS books_by_author(int);
DROP TABLE IF EXISTS catalog_book_authors;
DROP TABLE IF EXISTS catalog_books;
DROP TABLE IF EXISTS catalog_publishers;
DROP TABLE IF EXISTS books;
DROP TABLE IF EXISTS authors;
CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE books (
  id serial PRIMARY KEY,
  title text NOT NULL,
  author_id int NOT NULL REFERENCES authors (id),
  year int NOT NULL,
  price numeric(10,2) NOT NULL,
  isbn text NOT NULL,
  pages int NOT NULL
);
INSERT INTO authors (name) SELECT 'Author ' || i FROM generate_series(1, ${AUTHOR_COUNT}) AS i ORDER BY i;
INSERT INTO books (title, author_id, year, price, isbn, pages)
SELECT ${BOOK_VALUES}
FROM generate_series(1, ${BOOK_COUNT}) AS i ORDER BY i;
CREATE INDEX books_author_id_idx ON books (author_id);
${CATALOG_SQL}
COMMENT ON TABLE books IS '${DATASET_VERSION}';
`

/** The `procedure` scenario's set-returning function: one author's books, in id order. */
const PROCEDURE_SQL = `
CREATE OR REPLACE FUNCTION books_by_author(author int) RETURNS SETOF books
LANGUAGE sql STABLE AS $$ SELECT * FROM books WHERE author_id = author ORDER BY id $$`

/**
 * True when `books` holds exactly the generated rows (none changed, none added: write scenarios insert and update)
 * and its id sequence stands at the last row, so the next insert gets id BOOK_COUNT + 1 as after a fresh load.
 */
const PRISTINE_SQL = `
SELECT NOT EXISTS (
         SELECT id, title, author_id, year, price, isbn, pages FROM books
         EXCEPT
         SELECT i, ${BOOK_VALUES}
         FROM generate_series(1, ${BOOK_COUNT}) AS i
       )
       AND (SELECT last_value = ${BOOK_COUNT} AND is_called FROM books_id_seq) AS pristine`

export interface DatasetStatus {
  readonly created: boolean
  readonly authors: number
  readonly books: number
}

/**
 * Makes sure the benchmark database holds the data set: creates the database if missing, then (re)creates and fills
 * `authors` and `books` unless they are already loaded with the right version marker and exactly the generated rows
 * (no row added or changed by a write scenario, id sequence at the last row), then ANALYZE. `reload` drops and loads
 * the tables even when they are intact: every system of a write scenario starts from a freshly loaded table.
 */
export async function loadDataset(
  databaseUrl: string,
  options: { readonly reload?: boolean } = {},
): Promise<DatasetStatus> {
  await ensureDatabase(databaseUrl)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    if (options.reload !== true && (await isLoaded(client))) {
      // The `procedure` scenario's function leaves the rows alone: (re)created on every run, also over an older load.
      await client.query(PROCEDURE_SQL)
      return { created: false, authors: AUTHOR_COUNT, books: BOOK_COUNT }
    }
    await client.query('BEGIN')
    await client.query(CREATE_SQL)
    await client.query(PROCEDURE_SQL)
    await client.query('COMMIT')
    await client.query('ANALYZE authors')
    await client.query('ANALYZE books')
    for (const table of ['catalog_publishers', 'catalog_books', 'catalog_book_authors'])
      await client.query(`ANALYZE ${table}`)
    const counts = await countRows(client)
    if (counts.authors !== AUTHOR_COUNT || counts.books !== BOOK_COUNT)
      throw new Error(`dataset load produced ${JSON.stringify(counts)}`)
    return { created: true, ...counts }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
  } finally {
    await admin.end()
  }
}

async function isLoaded(client: pg.Client): Promise<boolean> {
  const marker = await client.query<{ comment: string | null }>(
    "SELECT obj_description(to_regclass('public.books'), 'pg_class') AS comment",
  )
  if (marker.rows[0]?.comment !== DATASET_VERSION) return false
  const counts = await countRows(client)
  if (counts.authors !== AUTHOR_COUNT || counts.books !== BOOK_COUNT) return false
  const pristine = await client.query<{ pristine: boolean }>(PRISTINE_SQL)
  return pristine.rows[0]?.pristine === true
}

async function countRows(client: pg.Client): Promise<{ authors: number; books: number }> {
  const result = await client.query<{ authors: number; books: number }>(
    'SELECT (SELECT count(*) FROM authors)::int AS authors, (SELECT count(*) FROM books)::int AS books',
  )
  const row = result.rows[0]
  return { authors: row?.authors ?? -1, books: row?.books ?? -1 }
}
