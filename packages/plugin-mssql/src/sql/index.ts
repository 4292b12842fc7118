// The driver-free SQL Server family: compiler, introspector, type map and error classifier work from Sluice's
// Driver SPI alone, so another SQL Server driver (msnodesqlv8, a proxy) can reuse them. Nothing here imports tedious.

/** T-SQL compiler: FOR JSON PATH records and pages, OUTPUT … INTO writes, MERGE WITH (HOLDLOCK) upserts, EXEC. */
export { MssqlSqlCompiler } from './mssql-sql-compiler.js'
/** Reads tables, views and procedures from sys.* catalog views in at most three queries. */
export { MssqlIntrospector } from './mssql-introspector.js'
/** The introspector's catalog queries, exported for review and for tools that want the raw rows. */
export { MSSQL_KEYS_SQL, MSSQL_OBJECTS_SQL, MSSQL_PROCEDURES_SQL } from './mssql-introspection-sql.js'
/** SQL Server type name → Sluice scalar type; declared type text; character length. */
export { formatMssqlType, mapMssqlType, readMssqlMaxLength } from './mssql-type-map.js'
/** tedious / tarn error → unique, not-null, foreign-key, check, invalid-input, not-writable, unavailable or other. */
export { classifyMssqlError } from './mssql-error-classifier.js'
/** What the SQL Server family can do. */
export { MSSQL_CAPABILITIES } from './mssql-capabilities.js'
