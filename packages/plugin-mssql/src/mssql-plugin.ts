import { parseConnectionString, SluiceError, type DialectPlugin } from '@sluice/core/dialect'
import { buildTediousConfig, readPoolSize } from './build-tedious-config.js'
import { MssqlDialect } from './mssql-dialect.js'
import type { MssqlPoolOptions } from './mssql-driver-config.js'

export interface MssqlPluginOptions {
  /** Pool sizing and timeouts (default: up to 10 connections). */
  readonly pool?: MssqlPoolOptions
}

/**
 * The dialect plugin for `"database-type": "mssql"`. `data-source.options` accepts `set-session-context`
 * (boolean, default false), as Data API builder does.
 */
export function mssqlPlugin(options: MssqlPluginOptions = {}): DialectPlugin {
  return {
    kind: 'dialect',
    name: '@sluice/plugin-mssql',
    core: '^0.1.0',
    databaseTypes: ['mssql'],
    createDialect(source, context) {
      const connection = parseConnectionString(source.connectionString)
      buildTediousConfig(connection) // refuses what tedious cannot do (Windows authentication …) at start-up, as configuration
      const fromString = readPoolSize(connection)
      return new MssqlDialect({
        connection,
        applicationName: 'sluice',
        statementTimeoutMs: context.limits === undefined ? undefined : (context.limits.statementTimeoutMs ?? 0),
        // The plugin's options win; else the connection string's Max/Min Pool Size; else the driver's 0–10.
        pool: {
          ...options.pool,
          max: options.pool?.max ?? fromString.max,
          min: options.pool?.min ?? fromString.min,
          acquireTimeoutMillis: options.pool?.acquireTimeoutMillis ?? context.limits?.acquireTimeoutMs,
        },
        setSessionContext: readSetSessionContext(source.options),
      })
    },
  }
}

function readSetSessionContext(options: Readonly<Record<string, unknown>>): boolean {
  const unknown = Object.keys(options).filter((key) => key !== 'set-session-context')
  const value = options['set-session-context']
  const problems: string[] = unknown.map(
    (key) => `  - data-source.options.${key}: not a SQL Server option (allowed: set-session-context)`,
  )
  if (value !== undefined && typeof value !== 'boolean')
    problems.push(`  - data-source.options.set-session-context: ${JSON.stringify(value)} is not a boolean`)
  if (problems.length > 0)
    throw new SluiceError('SLUICE_ERR_CONFIG', { count: problems.length, problems: problems.join('\n') })
  return value === true
}
