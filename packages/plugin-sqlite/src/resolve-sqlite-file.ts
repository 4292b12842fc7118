import { isAbsolute, resolve } from 'node:path'
import { parseConnectionString } from '@sluice/core/dialect'

export interface SqliteFile {
  /** An absolute path, or `:memory:`. */
  readonly filename: string
  readonly readonly: boolean
}

/**
 * The database file a connection string names: `Data Source=<path>[;Mode=ReadOnly]` (the keyword form of
 * Microsoft.Data.Sqlite, which Data API builder users know), or the bare path. A relative path resolves against the
 * config file's folder; empty or `:memory:` is a private in-memory database.
 */
export function resolveSqliteFile(connectionString: string, baseDir: string): SqliteFile {
  const text = connectionString.trim()
  const settings = text.includes('=') ? parseConnectionString(text) : undefined
  const path = (settings === undefined ? text : (settings.host ?? settings.options['filename'] ?? '')).trim()
  const readonly = settings?.options['mode']?.toLowerCase() === 'readonly'
  if (path === '' || path === ':memory:') return { filename: ':memory:', readonly }
  return { filename: isAbsolute(path) ? path : resolve(baseDir, path), readonly }
}
