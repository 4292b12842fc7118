import type { Dialect, DialectCapabilities, Driver } from '@sluice/core/dialect'
import {
  classifyPostgresError,
  POSTGRES_CAPABILITIES,
  PostgresIntrospector,
  PostgresSqlCompiler,
} from '@sluice/plugin-postgres/sql'
import { PGliteDriver } from './pglite-driver.js'
import type { PGliteDriverConfig } from './pglite-driver-config.js'

/** Embedded PostgreSQL: variant `pglite` of the `postgres` family, reusing its compiler and introspector. */
export class PGliteDialect implements Dialect {
  readonly family = 'postgres'
  readonly variant = 'pglite'
  readonly capabilities: DialectCapabilities = POSTGRES_CAPABILITIES

  constructor(private readonly config: PGliteDriverConfig) {}

  createDriver(): Driver {
    return new PGliteDriver(this.config)
  }

  createCompiler(): PostgresSqlCompiler {
    return new PostgresSqlCompiler()
  }

  createIntrospector(driver: Driver): PostgresIntrospector {
    return new PostgresIntrospector(driver)
  }

  classifyError(error: unknown) {
    return classifyPostgresError(error)
  }
}
