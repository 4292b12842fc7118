import type { Dialect, DialectCapabilities, Driver } from '@sluice/core/dialect'
import { MysqlDriver } from './mysql-driver.js'
import type { MysqlDriverConfig } from './mysql-driver-config.js'
import { mysqlCapabilities } from './sql/mysql-capabilities.js'
import { classifyMysqlError } from './sql/mysql-error-classifier.js'
import { MysqlIntrospector } from './sql/mysql-introspector.js'
import { MysqlRoutines } from './sql/mysql-routines.js'
import { MysqlServerInfo, type MysqlFlavor } from './sql/mysql-server.js'
import { MysqlSqlCompiler } from './sql/mysql-sql-compiler.js'

/**
 * MySQL 8 and MariaDB 10.5+ through mysql2. One dialect serves both: the driver asks the server what it is when it
 * connects, and the compiler and `capabilities` follow (before that, `flavor` — the plugin's hint, else MySQL).
 * Family `mysql`; variant is the server's flavor.
 */
export class MysqlDialect implements Dialect {
  readonly family = 'mysql'
  readonly server: MysqlServerInfo
  /** Procedure parameter lists, read by the introspector and used by the compiler. */
  readonly routines = new MysqlRoutines()

  constructor(
    private readonly config: MysqlDriverConfig,
    flavor?: MysqlFlavor,
  ) {
    this.server = new MysqlServerInfo(flavor)
  }

  get variant(): string {
    return this.server.flavor
  }

  get capabilities(): DialectCapabilities {
    return mysqlCapabilities(this.server.flavor)
  }

  createDriver(): Driver {
    return new MysqlDriver(this.config, this.server)
  }

  createCompiler(): MysqlSqlCompiler {
    return new MysqlSqlCompiler(this.server, this.routines)
  }

  createIntrospector(driver: Driver): MysqlIntrospector {
    return new MysqlIntrospector(driver, this.server, this.routines)
  }

  classifyError(error: unknown) {
    return classifyMysqlError(error)
  }
}
