/** The PostgreSQL dialect plugin for `"database-type": "postgresql"`. */
export { postgresPlugin } from './postgres-plugin.js'
export type { PostgresPluginOptions } from './postgres-plugin.js'
/** The dialect itself, for composing servers by hand. */
export { PostgresDialect } from './postgres-dialect.js'
/** The `pg` driver: takes a pool, an async pool factory, or connection settings. */
export { PostgresDriver } from './postgres-driver.js'
export type {
  PostgresDriverConfig,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryConfig,
} from './postgres-driver-config.js'
