import { afterAll, beforeAll, describe } from 'vitest'
import { PGliteDriver } from '../src/pglite-driver.js'
// The shared body lives with the PostgreSQL family's tests, so both engines run exactly the same cases.
import { defineStatisticsCases } from '../../plugin-postgres/test/statistics-cases.js'

describe('PostgresIntrospector.readStatistics on PGlite', () => {
  const schema = 'sluice_t_pglite_statistics'
  const driver = new PGliteDriver({ dataDir: undefined })
  beforeAll(async () => {
    await driver.init()
    await driver.execute({ sql: `CREATE SCHEMA ${schema}`, parameters: [] })
    await driver.execute({ sql: `SET search_path TO ${schema}`, parameters: [] })
  })
  afterAll(() => driver.destroy())
  defineStatisticsCases(() => ({ driver, schema }))
})
