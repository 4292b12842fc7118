/**
 * The information_schema queries {@link MysqlIntrospector} runs, kept apart for review. Each takes the requested
 * objects as a list of value tuples, so introspection costs a fixed number of round trips however many entities
 * there are. Names are compared as binary strings: information_schema's collation is case-insensitive, table names
 * (on Linux) are not.
 */

/** `DATABASE()`: where unqualified names resolve. */
export const MYSQL_DEFAULT_SCHEMA_SQL = 'SELECT DATABASE() AS `default_schema`'

/** Requested objects (`ord`, schema or NULL for the current database, name) with their columns, one row per column. */
export function mysqlColumnsSql(count: number): string {
  const requested = Array.from({ length: count }, (_, i) =>
    i === 0 ? 'SELECT ? AS `ord`, ? AS `schema_name`, ? AS `object_name`' : 'SELECT ?, ?, ?',
  ).join(' UNION ALL ')
  return `SELECT q.\`ord\`, t.TABLE_SCHEMA AS \`schema_name\`, t.TABLE_NAME AS \`object_name\`, t.TABLE_TYPE AS \`table_type\`,
  c.COLUMN_NAME AS \`column_name\`, c.DATA_TYPE AS \`data_type\`, c.COLUMN_TYPE AS \`column_type\`, c.IS_NULLABLE AS \`is_nullable\`,
  c.COLUMN_DEFAULT AS \`column_default\`, c.EXTRA AS \`extra\`, c.CHARACTER_MAXIMUM_LENGTH AS \`max_length\`
FROM (${requested}) AS q
JOIN information_schema.TABLES AS t
  ON BINARY t.TABLE_SCHEMA = BINARY COALESCE(q.\`schema_name\`, DATABASE()) AND BINARY t.TABLE_NAME = BINARY q.\`object_name\`
JOIN information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME
ORDER BY q.\`ord\`, c.ORDINAL_POSITION`
}

/** Primary key, unique and foreign key constraints of the found tables (schema, name pairs), columns in key order. */
export function mysqlKeysSql(count: number): string {
  const pairs = Array.from({ length: count }, () => '(?, ?)').join(', ')
  return `SELECT k.TABLE_SCHEMA AS \`schema_name\`, k.TABLE_NAME AS \`object_name\`, tc.CONSTRAINT_TYPE AS \`kind\`,
  k.CONSTRAINT_NAME AS \`name\`, k.COLUMN_NAME AS \`column_name\`,
  k.REFERENCED_TABLE_SCHEMA AS \`referenced_schema\`, k.REFERENCED_TABLE_NAME AS \`referenced_name\`, k.REFERENCED_COLUMN_NAME AS \`referenced_column\`
FROM information_schema.TABLE_CONSTRAINTS AS tc
JOIN information_schema.KEY_COLUMN_USAGE AS k
  ON k.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = tc.CONSTRAINT_NAME
  AND k.TABLE_SCHEMA = tc.TABLE_SCHEMA AND k.TABLE_NAME = tc.TABLE_NAME
WHERE (tc.TABLE_SCHEMA, tc.TABLE_NAME) IN (${pairs}) AND tc.CONSTRAINT_TYPE IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
ORDER BY k.TABLE_SCHEMA, k.TABLE_NAME, tc.CONSTRAINT_TYPE, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`
}

/**
 * MariaDB only: its JSON type is LONGTEXT with a `json_valid(col)` CHECK constraint; these rows name the columns
 * that carry one. (MySQL has a real JSON type, and its CHECK_CONSTRAINTS view has no table name.)
 */
export function mariadbJsonChecksSql(count: number): string {
  const pairs = Array.from({ length: count }, () => '(?, ?)').join(', ')
  return `SELECT CONSTRAINT_SCHEMA AS \`schema_name\`, TABLE_NAME AS \`object_name\`, CHECK_CLAUSE AS \`clause\`
FROM information_schema.CHECK_CONSTRAINTS
WHERE (CONSTRAINT_SCHEMA, TABLE_NAME) IN (${pairs}) AND CHECK_CLAUSE LIKE 'json\\_valid(%'`
}

/**
 * Stored procedures (`ord`, schema or NULL, name) with their parameters in declaration order (one row per parameter;
 * one row with NULL parameter columns for a procedure without any). Routine names are case-insensitive in MySQL,
 * so they are compared with information_schema's own collation. `routine_count` > 1 cannot happen for procedures
 * (no overloading) but guards a FUNCTION of the same name.
 */
export function mysqlRoutinesSql(count: number): string {
  const requested = Array.from({ length: count }, (_, i) =>
    i === 0 ? 'SELECT ? AS `ord`, ? AS `schema_name`, ? AS `object_name`' : 'SELECT ?, ?, ?',
  ).join(' UNION ALL ')
  return `SELECT q.\`ord\`, r.ROUTINE_SCHEMA AS \`schema_name\`, r.ROUTINE_NAME AS \`object_name\`, r.ROUTINE_TYPE AS \`routine_type\`, r.ROUTINE_COMMENT AS \`routine_comment\`,
  p.PARAMETER_MODE AS \`mode\`, p.PARAMETER_NAME AS \`parameter_name\`, p.DATA_TYPE AS \`data_type\`, p.DTD_IDENTIFIER AS \`column_type\`
FROM (${requested}) AS q
JOIN information_schema.ROUTINES AS r
  ON BINARY r.ROUTINE_SCHEMA = BINARY COALESCE(q.\`schema_name\`, DATABASE()) AND r.ROUTINE_NAME = q.\`object_name\`
LEFT JOIN information_schema.PARAMETERS AS p
  ON p.SPECIFIC_SCHEMA = r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.SPECIFIC_NAME AND p.ROUTINE_TYPE = r.ROUTINE_TYPE AND p.ORDINAL_POSITION > 0
ORDER BY q.\`ord\`, r.ROUTINE_TYPE DESC, p.ORDINAL_POSITION`
}

/**
 * Every table `autoentities` may match (see `Introspector.listTables`): the base tables of the connection's
 * database (`DATABASE()`; a MySQL schema is a database, and the others on the server are not this data source's),
 * with whether each has a primary key. Views, MariaDB sequences and system-versioned tables are left out.
 */
export const MYSQL_TABLES_SQL = `SELECT t.TABLE_SCHEMA AS \`schema_name\`, t.TABLE_NAME AS \`object_name\`,
  EXISTS (SELECT 1 FROM information_schema.TABLE_CONSTRAINTS AS tc
    WHERE tc.TABLE_SCHEMA = t.TABLE_SCHEMA AND tc.TABLE_NAME = t.TABLE_NAME AND tc.CONSTRAINT_TYPE = 'PRIMARY KEY') AS \`has_primary_key\`
FROM information_schema.TABLES AS t
WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'
ORDER BY t.TABLE_NAME`
