/**
 * The information_schema query `readMysqlStatistics` runs: the requested base tables (`ord`, schema or NULL for the
 * current database, name) with their estimated rows (`TABLE_ROWS`) and, for every index, its first column, its
 * estimated number of distinct values (`CARDINALITY`), whether it is unique and how many columns it has. One round
 * trip however many tables; one row per (table, index), or one row with NULL index columns for a table without any.
 * Views are left out (MySQL keeps no row estimate for them). Names are compared as binary strings, as the
 * introspector's queries do.
 */
export function mysqlStatisticsSql(count: number): string {
  const requested = Array.from({ length: count }, (_, i) =>
    i === 0 ? 'SELECT ? AS `ord`, ? AS `schema_name`, ? AS `object_name`' : 'SELECT ?, ?, ?',
  ).join(' UNION ALL ')
  return `SELECT q.\`ord\`, t.TABLE_ROWS AS \`table_rows\`, s.INDEX_NAME AS \`index_name\`, s.COLUMN_NAME AS \`column_name\`,
  s.CARDINALITY AS \`cardinality\`, s.NON_UNIQUE AS \`non_unique\`,
  (SELECT COUNT(*) FROM information_schema.STATISTICS AS c
   WHERE c.TABLE_SCHEMA = s.TABLE_SCHEMA AND c.TABLE_NAME = s.TABLE_NAME AND c.INDEX_NAME = s.INDEX_NAME) AS \`index_columns\`
FROM (${requested}) AS q
JOIN information_schema.TABLES AS t
  ON BINARY t.TABLE_SCHEMA = BINARY COALESCE(q.\`schema_name\`, DATABASE()) AND BINARY t.TABLE_NAME = BINARY q.\`object_name\`
  AND t.TABLE_TYPE = 'BASE TABLE'
LEFT JOIN information_schema.STATISTICS AS s
  ON s.TABLE_SCHEMA = t.TABLE_SCHEMA AND s.TABLE_NAME = t.TABLE_NAME AND s.SEQ_IN_INDEX = 1
ORDER BY q.\`ord\`, s.INDEX_NAME`
}
