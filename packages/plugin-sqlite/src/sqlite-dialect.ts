import type { Dialect, DialectCapabilities, Driver } from '@sluice/core/dialect'
import { SQLITE_CAPABILITIES } from './sqlite-capabilities.js'
import { SqliteColumnDefaults } from './sqlite-column-defaults.js'
import { SqliteDriver } from './sqlite-driver.js'
import type { SqliteDriverConfig } from './sqlite-driver-config.js'
import { classifySqliteError } from './sqlite-error-classifier.js'
import { SqliteIntrospector } from './sqlite-introspector.js'
import { SqliteSqlCompiler } from './sqlite-sql-compiler.js'

/** SQLite through better-sqlite3. Its introspector tells its compiler the columns' defaults (see `SqliteColumnDefaults`). */
export class SqliteDialect implements Dialect {
  readonly family = 'sqlite'
  readonly variant = 'sqlite'
  readonly capabilities: DialectCapabilities = SQLITE_CAPABILITIES
  readonly #defaults = new SqliteColumnDefaults()

  constructor(private readonly config: SqliteDriverConfig) {}

  createDriver(): Driver {
    return new SqliteDriver(this.config)
  }

  createCompiler(): SqliteSqlCompiler {
    return new SqliteSqlCompiler(this.#defaults)
  }

  createIntrospector(driver: Driver): SqliteIntrospector {
    return new SqliteIntrospector(driver, this.#defaults)
  }

  classifyError(error: unknown) {
    return classifySqliteError(error)
  }
}
