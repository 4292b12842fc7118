import type { DatabaseErrorClassification, Dialect, DialectCapabilities, Driver } from '@sluice/core/dialect'
import { MssqlDriver } from './mssql-driver.js'
import type { MssqlDriverConfig } from './mssql-driver-config.js'
import { MSSQL_CAPABILITIES } from './sql/mssql-capabilities.js'
import { classifyMssqlError } from './sql/mssql-error-classifier.js'
import { MssqlIntrospector } from './sql/mssql-introspector.js'
import { MssqlSqlCompiler } from './sql/mssql-sql-compiler.js'

/** SQL Server through tedious and a tarn pool: the family's compiler and introspector with {@link MssqlDriver}. */
export class MssqlDialect implements Dialect {
  readonly family = 'mssql'
  readonly variant = 'mssql'
  readonly capabilities: DialectCapabilities = MSSQL_CAPABILITIES

  constructor(private readonly config: MssqlDriverConfig) {}

  createDriver(): Driver {
    return new MssqlDriver(this.config)
  }

  createCompiler(): MssqlSqlCompiler {
    return new MssqlSqlCompiler()
  }

  createIntrospector(driver: Driver): MssqlIntrospector {
    return new MssqlIntrospector(driver)
  }

  classifyError(error: unknown): DatabaseErrorClassification {
    return classifyMssqlError(error)
  }
}
