import type { Dialect, DialectCapabilities, Driver } from '@sluice/core/dialect'
import { PostgresDriver } from './postgres-driver.js'
import type { PostgresDriverConfig } from './postgres-driver-config.js'
import { POSTGRES_CAPABILITIES } from './sql/postgres-capabilities.js'
import { classifyPostgresError } from './sql/postgres-error-classifier.js'
import { PostgresIntrospector } from './sql/postgres-introspector.js'
import { PostgresSqlCompiler } from './sql/postgres-sql-compiler.js'

/** The family's capabilities, plus streamed large pages: `pg` reads them through a server-side cursor (pg-cursor). */
const PG_CAPABILITIES: DialectCapabilities = Object.freeze({ ...POSTGRES_CAPABILITIES, streamingReads: true })

/** PostgreSQL through `pg`: the family's compiler and introspector with a `pg.Pool` driver. */
export class PostgresDialect implements Dialect {
  readonly family = 'postgres'
  readonly variant = 'postgres'
  readonly capabilities: DialectCapabilities = PG_CAPABILITIES

  constructor(private readonly config: PostgresDriverConfig) {}

  createDriver(): Driver {
    return new PostgresDriver(this.config)
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
