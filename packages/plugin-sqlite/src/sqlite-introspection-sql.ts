// The introspector's catalog queries. Each reads one schema (`main` or an attached database, quoted by the caller
// into `<schema>`) for every requested object at once. Placeholders are positional: the schema name once per
// pragma function (`pragmaCount`), then the JSON array of the objects' names (lower-cased: SQLite matches names
// case-insensitively).

const OBJECTS = `FROM <schema>.sqlite_schema AS m WHERE m.type IN ('table', 'view') AND lower(m.name) IN (SELECT value FROM json_each(?))`

/** Columns (`hidden` 2 and 3 are generated columns; 1 a virtual table's hidden column), in ordinal order. */
export const SQLITE_COLUMNS_SQL =
  `SELECT m.name AS "object", m.type AS "kind", c.name AS "name", c.type AS "type", c."notnull" AS "notnull", ` +
  `c.dflt_value AS "default", c.pk AS "pk", c.hidden AS "hidden" ${OBJECTS.replace('WHERE', ', pragma_table_xinfo(m.name, ?) AS c WHERE')} ` +
  `AND c.hidden <> 1 ORDER BY m.name, c.cid`

/** Unique indexes' columns: `origin` 'pk' (a primary key that is not the rowid), 'u' (UNIQUE), 'c' (CREATE UNIQUE INDEX). */
export const SQLITE_UNIQUE_SQL =
  `SELECT m.name AS "object", i.name AS "index", i.origin AS "origin", k.name AS "column" ` +
  `${OBJECTS.replace('WHERE', ', pragma_index_list(m.name, ?) AS i, pragma_index_info(i.name, ?) AS k WHERE')} ` +
  `AND i."unique" = 1 AND i.partial = 0 ORDER BY m.name, i.name, k.seqno`

/** Foreign keys, one row per column pair. */
export const SQLITE_FOREIGN_KEYS_SQL =
  `SELECT m.name AS "object", f.id AS "id", f."table" AS "referenced", f."from" AS "column", f."to" AS "referencedColumn" ` +
  `${OBJECTS.replace('WHERE', ', pragma_foreign_key_list(m.name, ?) AS f WHERE')} ORDER BY m.name, f.id, f.seq`

/** The main database's user tables and whether each has a primary key (`autoentities`). */
export const SQLITE_TABLES_SQL =
  `SELECT m.name AS "name", EXISTS (SELECT 1 FROM pragma_table_info(m.name, 'main') AS c WHERE c.pk > 0) AS "hasPrimaryKey" ` +
  `FROM main.sqlite_schema AS m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY m.name`
