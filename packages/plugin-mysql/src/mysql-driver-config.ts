import type { ConnectionSettings } from '@sluice/core/dialect'
import type { Pool } from 'mysql2/promise'

/**
 * Either a mysql2 promise pool the caller owns (or an async factory for one; the driver never ends it), or
 * connection settings from which the driver creates and owns its pool.
 */
export type MysqlDriverConfig =
  | { readonly pool: Pool | (() => Promise<Pool>) }
  | {
      readonly connection: ConnectionSettings
      /** Pool size when the connection string sets none; default 10. */
      readonly poolSize?: number | undefined
      /** The session's statement time limit (MariaDB `max_statement_time`, MySQL `max_execution_time` for SELECTs). */
      readonly statementTimeoutMs?: number | undefined
      /** How long a statement may wait for a pooled connection before it fails as unavailable. */
      readonly acquireTimeoutMs?: number | undefined
    }
