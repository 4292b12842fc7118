import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { mysqlPlugin } from '@sluice/plugin-mysql'
import {
  createEngineUnavailableError,
  createMysqlFamilyFixture,
  runConformanceSuite,
  type ConformanceEngine,
} from '../src/index.js'

const url = process.env['SLUICE_MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test'

/**
 * MariaDB (the MySQL family's engine in CI): a fresh database `sluice_c_<random>` per suite run, dropped at close.
 * The server under test connects to that database through a `mysql://` connection string.
 */
const engine: ConformanceEngine = {
  name: 'mariadb',
  createPlugin: () => mysqlPlugin({ flavor: 'mariadb' }),
  // Text key columns are VARCHAR(255): InnoDB indexes at most 3072 bytes, so a key cannot be TEXT.
  limits: { maxIndexedTextKeyLength: 255 },
  async open() {
    const database = `sluice_c_${randomBytes(6).toString('hex')}`
    const pool = mysql.createPool({
      uri: url,
      connectionLimit: 2,
      connectTimeout: 5_000,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
    })
    try {
      await pool.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
    } catch (error) {
      await pool.end()
      throw createEngineUnavailableError(
        `MariaDB is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${String(error)}`,
        error,
      )
    }
    const fixture = createMysqlFamilyFixture((sql, parameters) => pool.query(sql, [...parameters]), {
      schema: database,
    })
    const target = new URL(url)
    target.pathname = `/${database}`
    return {
      source: { databaseType: 'mysql', connectionString: target.toString(), schema: database },
      applyFixture: fixture.apply,
      reset: fixture.reset,
      async close() {
        await pool.query(`DROP DATABASE IF EXISTS \`${database}\``).finally(() => pool.end())
      },
    }
  },
}

runConformanceSuite(engine)
