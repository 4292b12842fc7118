import type { DataSourceConfig } from '../config/runtime-config.js'
import type { DialectCapabilities } from './dialect-capabilities.js'
import type { Driver } from './driver.js'
import type { Introspector } from './introspector.js'
import type { SqlCompiler } from './sql-compiler.js'
import type { DatabaseErrorClassification } from '../errors/database-error.js'
import type { SluicePlugin } from '../plugin/sluice-plugin.js'

/**
 * An engine, as a factory of the parts core needs, and nothing more. `family` names the SQL flavour (shared
 * compiler and introspector), `variant` the driver: PGlite is variant `pglite` of family `postgres`. Both are
 * descriptive (engines.md, diagnostics): core branches on `capabilities`, never on names.
 */
export interface Dialect {
  readonly family: string
  readonly variant: string
  readonly capabilities: DialectCapabilities
  createDriver(): Driver
  createCompiler(): SqlCompiler
  createIntrospector(driver: Driver): Introspector
  /** Sorts an error thrown by this dialect's driver into a class core maps to a status (unique → 409 …). */
  classifyError(error: unknown): DatabaseErrorClassification
}

/** A plugin that contributes a dialect for one `data-source.database-type`. */
export interface DialectPlugin extends SluicePlugin {
  readonly kind: 'dialect'
  /** The config's `database-type` values this plugin serves (lower-case), e.g. `['postgresql']`. */
  readonly databaseTypes: readonly string[]
  createDialect(source: DataSourceConfig, context: DialectContext): Dialect
}

/** What a dialect plugin may know about its surroundings when it is created. */
export interface DialectContext {
  /** Directory relative paths in the config resolve against (PGlite data folders, seed scripts). */
  readonly baseDir: string
  readonly log: import('../request/logger.js').Logger
  /**
   * Bounds the driver should enforce (`runtime.limits`), unless the connection string sets its own: the database
   * cancels a statement running longer than `statementTimeoutMs` (undefined: no bound), and a request waiting longer
   * than `acquireTimeoutMs` for a pooled connection fails as unavailable. Optional for dialects that predate them.
   */
  readonly limits?: DriverLimits | undefined
}

export interface DriverLimits {
  readonly statementTimeoutMs: number | undefined
  readonly acquireTimeoutMs: number
}
