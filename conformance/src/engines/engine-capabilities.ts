import { silentLogger, type DataSourceConfig, type DialectPlugin } from '@sluice/core'
import type { DialectCapabilities } from '@sluice/core/protocol'
import { mssqlPlugin } from '@sluice/plugin-mssql'
import { mysqlPlugin } from '@sluice/plugin-mysql'
import { pglitePlugin } from '@sluice/plugin-pglite'
import { postgresPlugin } from '@sluice/plugin-postgres'
import { sqlitePlugin } from '@sluice/plugin-sqlite'

/** One column of the engine × capability table: an engine as users name it, and what its dialect declares. */
export interface EngineCapabilities {
  readonly engine: string
  /** `data-source.database-type` that selects the dialect. */
  readonly databaseType: string
  readonly capabilities: DialectCapabilities
}

/**
 * What `plugin`'s dialect declares for `databaseType`, read from a dialect created the way a server creates it (no
 * connection is opened: drivers connect in `init`), so the table cannot drift from the code.
 */
function declared(
  engine: string,
  databaseType: string,
  plugin: DialectPlugin,
  connectionString: string,
): EngineCapabilities {
  const source: DataSourceConfig = {
    name: 'default',
    databaseType,
    connectionString,
    options: {},
    health: { enabled: false, name: undefined, thresholdMs: 1000 },
  }
  return {
    engine,
    databaseType,
    capabilities: plugin.createDialect(source, { baseDir: process.cwd(), log: silentLogger }).capabilities,
  }
}

/**
 * Every built-in engine with the capabilities its dialect declares. MySQL and MariaDB share a plugin whose
 * capabilities follow the server it detects at start-up; the `flavor` hint stands in for that detection here.
 */
export function listEngineCapabilities(): EngineCapabilities[] {
  return [
    declared('PostgreSQL', 'postgresql', postgresPlugin(), 'postgresql://localhost/db'),
    declared('PGlite', 'pglite', pglitePlugin(), ''),
    declared('MySQL 8', 'mysql', mysqlPlugin({ flavor: 'mysql' }), 'mysql://localhost/db'),
    declared('MariaDB 10.11', 'mysql', mysqlPlugin({ flavor: 'mariadb' }), 'mysql://localhost/db'),
    declared('SQL Server', 'mssql', mssqlPlugin(), 'Server=localhost;Database=db'),
    declared('SQLite', 'sqlite', sqlitePlugin(), ':memory:'),
  ]
}
