/** The embedded PostgreSQL (PGlite) dialect plugin for `"database-type": "pglite"`. */
export { pglitePlugin } from './pglite-plugin.js'
export type { PGlitePluginOptions } from './pglite-plugin.js'
/** The dialect and driver, for composing servers by hand. */
export { PGliteDialect } from './pglite-dialect.js'
export { PGliteDriver, PGLITE_PARSERS } from './pglite-driver.js'
export type {
  PGliteDriverConfig,
  PGliteLike,
  PGliteQueryOptions,
  PGliteResultsLike,
  PGliteTransactionLike,
} from './pglite-driver-config.js'
export { PristineClusterCache } from './pristine-cluster-cache.js'
