import type { DialectCapabilities } from '@sluice/core'
import { MSSQL_CAPABILITIES } from '@sluice/plugin-mssql/sql'
import { MARIADB_CAPABILITIES, MYSQL_CAPABILITIES } from '@sluice/plugin-mysql/sql'
import { POSTGRES_CAPABILITIES } from '@sluice/plugin-postgres/sql'

/** One column of the engine × capability table: an engine as users name it, and what its dialect declares. */
export interface EngineCapabilities {
  readonly engine: string
  /** `data-source.database-type` that selects the dialect. */
  readonly databaseType: string
  readonly capabilities: DialectCapabilities
}

/**
 * Every built-in engine with the capabilities its dialect declares, taken from the dialects' own exports (never
 * restated), so the rendered table cannot drift from the code. MySQL and MariaDB share a plugin whose capabilities
 * follow the server it detects; PGlite runs the PostgreSQL family's compiler.
 */
export const ENGINE_CAPABILITIES: readonly EngineCapabilities[] = Object.freeze([
  { engine: 'PostgreSQL', databaseType: 'postgresql', capabilities: POSTGRES_CAPABILITIES },
  { engine: 'PGlite', databaseType: 'pglite', capabilities: POSTGRES_CAPABILITIES },
  { engine: 'MySQL 8', databaseType: 'mysql', capabilities: MYSQL_CAPABILITIES },
  { engine: 'MariaDB 10.11', databaseType: 'mysql', capabilities: MARIADB_CAPABILITIES },
  { engine: 'SQL Server', databaseType: 'mssql', capabilities: MSSQL_CAPABILITIES },
])
