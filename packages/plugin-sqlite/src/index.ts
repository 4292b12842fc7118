/** The SQLite dialect plugin for `"database-type": "sqlite"`. */
export { sqlitePlugin } from './sqlite-plugin.js'
export type { SqlitePluginOptions } from './sqlite-plugin.js'
/** The dialect and driver, for composing servers by hand. */
export { SqliteDialect } from './sqlite-dialect.js'
export { SqliteDriver } from './sqlite-driver.js'
export type { SqliteDatabaseLike, SqliteDriverConfig, SqliteStatementLike } from './sqlite-driver-config.js'
/** The driver-free parts: SQL, catalog queries, type mapping, error classes, capabilities. */
export { SqliteSqlCompiler } from './sqlite-sql-compiler.js'
export { SqliteIntrospector } from './sqlite-introspector.js'
export { SqliteColumnDefaults } from './sqlite-column-defaults.js'
export { mapSqliteType } from './sqlite-type-map.js'
export { classifySqliteError } from './sqlite-error-classifier.js'
export { SQLITE_CAPABILITIES } from './sqlite-capabilities.js'
