import type { ConnectionSettings } from '@sluice/core'
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
  }
