import { parseConnectionString, type DialectPlugin } from '@sluice/core/dialect'
import type { Pool } from 'mysql2/promise'
import { MysqlDialect } from './mysql-dialect.js'
import type { MysqlFlavor } from './sql/mysql-server.js'

export interface MysqlPluginOptions {
  /** Use this mysql2 promise pool (or factory) instead of creating one from the connection string; the caller owns it. */
  readonly pool?: Pool | (() => Promise<Pool>)
  /** Pool size when the connection string sets none (default 10). */
  readonly poolSize?: number
  /**
   * What to assume before the server has answered (capabilities read before start-up); the server's own
   * `VERSION()` always wins once connected. Default `mysql`.
   */
  readonly flavor?: MysqlFlavor
}

/** The dialect plugin for `"database-type": "mysql"` — MySQL 8 and MariaDB alike (MariaDB is detected at start). */
export function mysqlPlugin(options: MysqlPluginOptions = {}): DialectPlugin {
  return {
    kind: 'dialect',
    name: '@sluice/plugin-mysql',
    core: '^0.1.0',
    databaseTypes: ['mysql', 'mariadb'],
    createDialect(source, context) {
      if (options.pool !== undefined) return new MysqlDialect({ pool: options.pool }, options.flavor)
      return new MysqlDialect(
        {
          connection: parseConnectionString(source.connectionString),
          poolSize: options.poolSize,
          statementTimeoutMs: context.limits?.statementTimeoutMs,
          acquireTimeoutMs: context.limits?.acquireTimeoutMs,
        },
        options.flavor,
      )
    },
  }
}
