import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL tests run against; `SLUICE_PG_URL` overrides it. */
export const POSTGRES_TEST_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'

export interface PostgresTestSchema {
  /** A pool whose sessions have `search_path` set to `schema` alone. */
  readonly pool: pg.Pool
  readonly schema: string
  /** Drops the schema (CASCADE) and ends the pool. */
  drop(): Promise<void>
}

/**
 * Creates a fresh schema `sluice_t_<random>` on the test PostgreSQL. When the server cannot be reached, returns
 * `{ skipped: reason }` so tests can skip with that reason, except under `CI=true`, where it throws: CI must run
 * the PostgreSQL tests, never skip them.
 */
export async function openPostgresTestSchema(): Promise<PostgresTestSchema | { readonly skipped: string }> {
  const schema = `sluice_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL, connectionTimeoutMillis: 5_000 })
  try {
    await admin.connect()
  } catch (error) {
    const reason = `PostgreSQL is not reachable at ${redactUrl(POSTGRES_TEST_URL)}: ${describe(error)}`
    if (process.env['CI'] === 'true')
      throw new Error(`${reason} (CI=true: the PostgreSQL tests must run)`, { cause: error })
    return { skipped: reason }
  }
  try {
    await admin.query(`CREATE SCHEMA "${schema}"`)
  } finally {
    await admin.end()
  }
  const pool = new pg.Pool({ connectionString: POSTGRES_TEST_URL, options: `-c search_path=${schema}`, max: 4 })
  pool.on('error', () => undefined)
  return {
    pool,
    schema,
    async drop() {
      try {
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      } finally {
        await pool.end()
      }
    },
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') return error.errors.map(describe).join('; ')
  return error instanceof Error ? error.message : String(error)
}
