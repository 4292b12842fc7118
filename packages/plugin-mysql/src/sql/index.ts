// The driver-free MySQL family: everything here works from Sluice's Driver SPI alone. Nothing in this folder may
// import a driver library.

/** Reads tables and views for the configured entities from information_schema. */
export { MysqlIntrospector } from './mysql-introspector.js'
export {
  MYSQL_DEFAULT_SCHEMA_SQL,
  mysqlColumnsSql,
  mysqlKeysSql,
  mariadbJsonChecksSql,
  mysqlRoutinesSql,
} from './mysql-introspection-sql.js'
/** MySQL type (DATA_TYPE + COLUMN_TYPE) → Sluice scalar type. */
export { mapMysqlType } from './mysql-type-map.js'
/** mysql2 error → unique, not-null, foreign-key, check, invalid-input, not-writable, unavailable or other. */
export { classifyMysqlError } from './mysql-error-classifier.js'
/** The family's SQL compiler. */
export { MysqlSqlCompiler } from './mysql-sql-compiler.js'
export { toMysqlDateTime } from './to-mysql-date-time.js'
/** What MySQL and MariaDB can do. */
export { MYSQL_CAPABILITIES, MARIADB_CAPABILITIES, mysqlCapabilities } from './mysql-capabilities.js'
/** Which server it is (detected at start). */
export { MysqlServerInfo } from './mysql-server.js'
/** Procedure parameter lists shared by introspector and compiler. */
export { MysqlRoutines, parseParameterDefaults } from './mysql-routines.js'
export type { MysqlFlavor } from './mysql-server.js'
/** Write batches: several statements in one SQL text, run in one transaction. */
export { IF_FOUND, THEN, isBatch, splitBatch, countPlaceholders } from './mysql-batch.js'
export type { BatchStep } from './mysql-batch.js'
