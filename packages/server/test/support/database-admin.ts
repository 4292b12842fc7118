import mysql from 'mysql2/promise'
import pg from 'pg'

export const POSTGRES_ADMIN_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
export const MARIADB_ADMIN_URL = process.env['SLUICE_MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test'

/**
 * A connected admin client on the test PostgreSQL, or the reason it cannot be reached (a test then skips). With
 * CI=true an unreachable server throws instead, failing the file.
 */
export async function connectPostgresAdmin(): Promise<
  { readonly admin: pg.Client } | { readonly unavailable: string }
> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 })
  try {
    await admin.connect()
    return { admin }
  } catch (error) {
    await admin.end().catch(() => undefined)
    if (process.env['CI'] === 'true') throw error
    return { unavailable: `PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: ${String(error)}` }
  }
}

/**
 * An admin pool on the test MariaDB with `database` created, or the reason it cannot be reached (a test then skips).
 * With CI=true an unreachable server throws instead, failing the file. Drop the database and end the pool when done.
 */
export async function createMariaDbDatabase(
  database: string,
): Promise<{ readonly admin: mysql.Pool } | { readonly unavailable: string }> {
  const admin = mysql.createPool({ uri: MARIADB_ADMIN_URL, connectionLimit: 2, connectTimeout: 5_000 })
  try {
    await admin.query(`CREATE DATABASE \`${database}\``)
    return { admin }
  } catch (error) {
    await admin.end().catch(() => undefined)
    if (process.env['CI'] === 'true') throw error
    return { unavailable: `MariaDB unreachable at ${MARIADB_ADMIN_URL}: ${String(error)}` }
  }
}
