/** The SQL Server dialect plugin for `"database-type": "mssql"`. */
export { mssqlPlugin } from './mssql-plugin.js'
export type { MssqlPluginOptions } from './mssql-plugin.js'
/** The dialect itself, for composing servers by hand. */
export { MssqlDialect } from './mssql-dialect.js'
/** The tedious driver with a tarn pool: takes connection settings or a connection factory. */
export { MssqlDriver } from './mssql-driver.js'
export type { MssqlDriverConfig, MssqlPoolOptions } from './mssql-driver-config.js'
/** Connection settings (ADO.NET keywords or URL) → tedious configuration. */
export { buildTediousConfig } from './build-tedious-config.js'
