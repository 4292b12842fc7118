import mysql from 'mysql2/promise'

/** The MariaDB the live tests use (`SLUICE_MARIADB_URL`, else this machine's). */
export const MARIADB_URL = process.env['SLUICE_MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test'

/**
 * An admin pool on the test MariaDB with `database` created, or the reason it cannot be reached (the test then skips).
 * With CI=true an unreachable server throws instead, failing the file. Drop the database and end the pool when done.
 */
export async function createMariaDbTestDatabase(
  database: string,
): Promise<{ readonly admin: mysql.Pool } | { readonly unavailable: string }> {
  const admin = mysql.createPool({ uri: MARIADB_URL, connectionLimit: 1, connectTimeout: 5_000 })
  try {
    await admin.query(`CREATE DATABASE \`${database}\``)
    return { admin }
  } catch (error) {
    await admin.end().catch(() => undefined)
    if (process.env['CI'] === 'true') throw error
    return { unavailable: `MariaDB unreachable at ${MARIADB_URL}: ${String(error)}` }
  }
}
