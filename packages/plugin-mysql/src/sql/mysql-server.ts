/** Which member of the MySQL family is on the other end; they differ in RETURNING, LATERAL and JSON functions. */
export type MysqlFlavor = 'mysql' | 'mariadb'

/**
 * What the driver learned about the server at `init` (from `SELECT VERSION()`), shared by the dialect's driver,
 * compiler and capabilities. `flavor` starts as the configured hint (or `mysql`, the conservative choice: no
 * RETURNING) and is replaced by what the server says once connected.
 */
export class MysqlServerInfo {
  flavor: MysqlFlavor
  /** `VERSION()` as the server reports it, once known. */
  version: string | undefined

  constructor(flavor: MysqlFlavor = 'mysql') {
    this.flavor = flavor
  }

  /** Records `VERSION()`: MariaDB says so in its version string (`10.11.6-MariaDB-0+deb12u1`). */
  detect(version: string): void {
    this.version = version
    this.flavor = /mariadb/i.test(version) ? 'mariadb' : 'mysql'
  }
}
