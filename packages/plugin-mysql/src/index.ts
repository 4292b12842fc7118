/** The MySQL/MariaDB dialect plugin for `"database-type": "mysql"`. */
export { mysqlPlugin } from './mysql-plugin.js'
export type { MysqlPluginOptions } from './mysql-plugin.js'
/** The dialect itself, for composing servers by hand. */
export { MysqlDialect } from './mysql-dialect.js'
/** The mysql2 driver: takes a pool, an async pool factory, or connection settings. */
export { MysqlDriver } from './mysql-driver.js'
export type { MysqlDriverConfig } from './mysql-driver-config.js'
/** Connection settings → mysql2 pool options. */
export { buildMysqlPoolOptions } from './build-mysql-pool-options.js'
