// The driver-free PostgreSQL family: everything here works from Sluice's Driver SPI alone, so the PGlite plugin (and
// any third-party PostgreSQL driver) reuses it. Nothing in this folder may import a driver library.

/** Reads tables and views for the configured entities from `pg_catalog` in a fixed two queries. */
export { PostgresIntrospector } from './postgres-introspector.js'
/** The introspector's catalog queries, exported for review and for tools that want the raw rows. */
export { POSTGRES_RELATIONS_SQL, POSTGRES_CONSTRAINTS_SQL } from './postgres-introspection-sql.js'
/** The planner's row and value-frequency estimates the introspector's `readStatistics` reads, for review. */
export { POSTGRES_STATISTICS_SQL } from './postgres-statistics-sql.js'
/** PostgreSQL type name (+ `typcategory`) → Sluice scalar type. */
export { mapPostgresType } from './postgres-type-map.js'
/** `pg` / PGlite error → unique, not-null, foreign-key, check, invalid-input, unavailable or other. */
export { classifyPostgresError } from './postgres-error-classifier.js'
/** The family's SQL compiler: JSON built by PostgreSQL, one statement per request. */
export { PostgresSqlCompiler } from './postgres-sql-compiler.js'
/** What the family can do. */
export { POSTGRES_CAPABILITIES } from './postgres-capabilities.js'
