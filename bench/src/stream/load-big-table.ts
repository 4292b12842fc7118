import pg from 'pg'

/** The table of the large-page measurement: `BIG_ROWS` rows of seven columns, in its own schema. */
export const BIG_SCHEMA = 'sluice_bench_big'
export const BIG_ROWS = 100_000

/** Creates `sluice_bench_big.items` with `BIG_ROWS` rows unless it is already there with that many. */
export async function loadBigTable(databaseUrl: string): Promise<{ created: boolean }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const exists = await client.query<{ found: boolean }>(
      `SELECT to_regclass('${BIG_SCHEMA}.items') IS NOT NULL AS found`,
    )
    if (exists.rows[0]?.found === true) {
      const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${BIG_SCHEMA}.items`)
      if (Number(count.rows[0]?.n) === BIG_ROWS) return { created: false }
    }
    await client.query(`DROP SCHEMA IF EXISTS ${BIG_SCHEMA} CASCADE; CREATE SCHEMA ${BIG_SCHEMA};
      CREATE TABLE ${BIG_SCHEMA}.items (id int PRIMARY KEY, title text NOT NULL, author_id int NOT NULL, year int NOT NULL,
        price numeric(10,2) NOT NULL, isbn text NOT NULL, pages int NOT NULL);
      INSERT INTO ${BIG_SCHEMA}.items SELECT i, 'The Book of Things, volume ' || i, 1 + (i * 37) % 500, 1950 + (i * 7919) % 75,
        ((i * 104729) % 9500 + 500) / 100.0, '978' || lpad(((i * 2654435761) % 10000000000)::text, 10, '0'), 80 + (i * 53) % 900
      FROM generate_series(1::bigint, ${BIG_ROWS}) AS i;
      ANALYZE ${BIG_SCHEMA}.items`)
    return { created: true }
  } finally {
    await client.end()
  }
}

/** Sluice's config for the measurement: the big table, readable by anonymous, with pages up to every row. */
export function buildBigConfig(databaseUrl: string): Record<string, unknown> {
  return {
    'data-source': { 'database-type': 'postgresql', 'connection-string': databaseUrl },
    runtime: { host: { mode: 'production' }, pagination: { 'max-page-size': BIG_ROWS } },
    entities: { Item: { source: `${BIG_SCHEMA}.items`, permissions: [{ role: 'anonymous', actions: ['read'] }] } },
  }
}
