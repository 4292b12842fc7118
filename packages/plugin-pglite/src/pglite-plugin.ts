import { mkdirSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { DialectPlugin } from '@sluice/core/dialect'
import { PGliteDialect } from './pglite-dialect.js'
import type { PGliteLike } from './pglite-driver-config.js'
import { seedPGliteOnce } from './seed-pglite.js'

export interface PGlitePluginOptions {
  /** Use this PGlite (or factory) instead of the config's data folder; the caller owns it. */
  readonly db?: PGliteLike | (() => Promise<PGliteLike>)
}

/**
 * The dialect plugin for `"database-type": "pglite"`: PostgreSQL embedded in the process (WASM). The connection
 * string is the data folder, relative to the config file (empty or `memory://` for in memory). The extension
 * option `data-source.options.seed` names a SQL script run once, when the folder is first created.
 */
export function pglitePlugin(options: PGlitePluginOptions = {}): DialectPlugin {
  return {
    kind: 'dialect',
    name: '@sluice/plugin-pglite',
    core: '^0.1.0',
    databaseTypes: ['pglite'],
    createDialect(source, context) {
      if (options.db !== undefined) return new PGliteDialect({ db: options.db })
      const dataDir = resolveDataDir(source.connectionString, context.baseDir)
      const seed = typeof source.options['seed'] === 'string' ? resolve(context.baseDir, source.options['seed']) : undefined
      if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true })
      return new PGliteDialect({
        dataDir,
        initialize: seed === undefined ? undefined : (db) => seedPGliteOnce(db, dataDir, seed, context.log),
      })
    },
  }
}

function resolveDataDir(connectionString: string, baseDir: string): string | undefined {
  const text = connectionString.trim()
  if (text === '' || text === 'memory://') return undefined
  const path = text.startsWith('file://') ? new URL(text).pathname : text
  return isAbsolute(path) ? path : resolve(baseDir, path)
}
