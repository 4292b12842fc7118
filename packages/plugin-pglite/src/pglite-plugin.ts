import { mkdirSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { DialectPlugin } from '@sluice/core/dialect'
import { PGliteDialect } from './pglite-dialect.js'
import type { PGliteLike } from './pglite-driver-config.js'
import { PristineClusterCache } from './pristine-cluster-cache.js'
import { seedPGliteOnce } from './seed-pglite.js'

export interface PGlitePluginOptions {
  /** Use this PGlite (or factory) instead of the config's data folder; the caller owns it. */
  readonly db?: PGliteLike | (() => Promise<PGliteLike>)
  /**
   * A folder of the user's where an in-memory database's `initdb` cluster is archived once and started from after
   * (2.6 s → 0.8 s here); without it every in-memory start runs initdb. `sluice` passes `~/.cache/sluice`.
   */
  readonly clusterCacheFolder?: string
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
      const seed =
        typeof source.options['seed'] === 'string' ? resolve(context.baseDir, source.options['seed']) : undefined
      if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true })
      return new PGliteDialect({
        dataDir,
        initialize: seed === undefined ? undefined : (db) => seedPGliteOnce(db, dataDir, seed, context.log),
        pristineCluster:
          dataDir === undefined && options.clusterCacheFolder !== undefined
            ? PristineClusterCache.forInstalledPglite(options.clusterCacheFolder)
            : undefined,
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
