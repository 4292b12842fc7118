import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { postgresPlugin } from '@sluice/plugin-postgres'
import {
  createEngineUnavailableError,
  createPostgresFamilyFixture,
  runConformanceSuite,
  type ConformanceEngine,
} from '../src/index.js'

const url = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'

/** PostgreSQL: a fresh schema `sluice_c_<random>` in the test database per suite run, dropped at close. */
const engine: ConformanceEngine = {
  name: 'postgres',
  createPlugin: () => postgresPlugin(),
  // A B-tree entry holds at most 2704 bytes: a longer (incompressible) text key cannot be indexed.
  limits: { maxIndexedTextKeyLength: 2704 },
  async open() {
    const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 })
    pool.on('error', () => undefined)
    const schema = `sluice_c_${randomBytes(6).toString('hex')}`
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end()
      const detail = error instanceof AggregateError ? error.errors.map(String).join('; ') : String(error)
      throw createEngineUnavailableError(
        `PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${detail}`,
        error,
      )
    })
    await client.query(`CREATE SCHEMA "${schema}"`).finally(() => client.release())
    const fixture = createPostgresFamilyFixture((sql, parameters) => pool.query(sql, [...parameters]), { schema })
    return {
      source: { databaseType: 'postgresql', connectionString: url, schema },
      applyFixture: fixture.apply,
      reset: fixture.reset,
      async close() {
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => pool.end())
      },
    }
  },
}

runConformanceSuite(engine)
