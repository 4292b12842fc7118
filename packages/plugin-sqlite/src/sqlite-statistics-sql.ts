// The queries `readSqliteStatistics` runs on one schema (`main` or an attached database, quoted by the caller into
// `<schema>`). SQLite keeps statistics only after ANALYZE (or `PRAGMA optimize`), in `sqlite_stat1`, which does not
// exist before: the first query asks whether it does.

/** Whether the schema has a `sqlite_stat1` table. */
export const SQLITE_HAS_STAT1_SQL = `SELECT count(*) AS "found" FROM <schema>.sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat1'`

/**
 * One row per analyzed index of the requested tables (or one with a NULL `index` for a table without indexes):
 * `stat` is "rows avg1 avg2 …" (the index's entries, then the average rows per distinct value of its first column,
 * of its first two …), with the index's first column, whether it is unique or partial, and how many columns it has.
 * Placeholders: the schema for each pragma function (three), then the JSON array of lower-cased table names.
 */
export const SQLITE_STATISTICS_SQL =
  `SELECT s.tbl AS "object", s.idx AS "index", s.stat AS "stat", i."unique" AS "unique", i.partial AS "partial", ` +
  `(SELECT k.name FROM pragma_index_info(s.idx, ?) AS k WHERE k.seqno = 0) AS "column", ` +
  `(SELECT count(*) FROM pragma_index_info(s.idx, ?)) AS "columns" ` +
  `FROM <schema>.sqlite_stat1 AS s LEFT JOIN pragma_index_list(s.tbl, ?) AS i ON i.name = s.idx ` +
  `WHERE lower(s.tbl) IN (SELECT value FROM json_each(?))`
