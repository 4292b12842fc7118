import type { DialectPlugin } from '@sluice/core/dialect'
import { resolveSqliteFile } from './resolve-sqlite-file.js'
import { SqliteDialect } from './sqlite-dialect.js'
import type { SqliteDatabaseLike } from './sqlite-driver-config.js'

export interface SqlitePluginOptions {
  /** Use this better-sqlite3 database (or factory) instead of the config's file; the caller owns it. */
  readonly db?: SqliteDatabaseLike | (() => Promise<SqliteDatabaseLike>)
}

/**
 * The dialect plugin for `"database-type": "sqlite"` (a Sluice extension: Data API builder has no SQLite). The
 * connection string names the file (`Data Source=library.db`, or the bare path), relative to the config file.
 */
export function sqlitePlugin(options: SqlitePluginOptions = {}): DialectPlugin {
  return {
    kind: 'dialect',
    name: '@sluice/plugin-sqlite',
    core: '^0.1.0',
    databaseTypes: ['sqlite'],
    createDialect(source, context) {
      if (options.db !== undefined) return new SqliteDialect({ db: options.db })
      return new SqliteDialect(resolveSqliteFile(source.connectionString, context.baseDir))
    },
  }
}
