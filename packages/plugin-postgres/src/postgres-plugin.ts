import { parseConnectionString, type DialectPlugin } from '@sluice/core/dialect'
import { PostgresDialect } from './postgres-dialect.js'
import type { PostgresPool } from './postgres-driver-config.js'

export interface PostgresPluginOptions {
  /** Use this pool (or factory) instead of creating one from the config's connection string; the caller owns it. */
  readonly pool?: PostgresPool | (() => Promise<PostgresPool>)
  /** Pool size when the connection string sets none (default 10). */
  readonly poolSize?: number
}

/** The dialect plugin for `"database-type": "postgresql"`. */
export function postgresPlugin(options: PostgresPluginOptions = {}): DialectPlugin {
  return {
    kind: 'dialect',
    name: '@sluice/plugin-postgres',
    core: '^0.1.0',
    databaseTypes: ['postgresql'],
    createDialect(source, context) {
      if (options.pool !== undefined) return new PostgresDialect({ pool: options.pool })
      return new PostgresDialect({
        connection: parseConnectionString(source.connectionString),
        poolSize: options.poolSize,
        applicationName: 'sluice',
        statementTimeoutMs: context.limits?.statementTimeoutMs,
        acquireTimeoutMs: context.limits?.acquireTimeoutMs,
      })
    },
  }
}
