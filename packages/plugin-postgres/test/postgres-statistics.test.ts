import { afterAll, beforeAll, describe } from 'vitest'
import { PostgresDriver } from '../src/postgres-driver.js'
import { openPostgresTestSchema, type PostgresTestSchema } from './postgres-test-database.js'
import { defineStatisticsCases } from './statistics-cases.js'

const opened = await openPostgresTestSchema()
const skipped = 'skipped' in opened ? opened.skipped : undefined
if (skipped !== undefined) console.warn(`Skipping PostgreSQL statistics tests: ${skipped}`)

describe.skipIf(skipped !== undefined)(
  `PostgresIntrospector.readStatistics on PostgreSQL${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    const database = opened as PostgresTestSchema
    const driver = new PostgresDriver({ pool: database.pool })
    beforeAll(() => driver.init())
    afterAll(() => database.drop())
    defineStatisticsCases(() => ({ driver, schema: database.schema }))
  },
)
