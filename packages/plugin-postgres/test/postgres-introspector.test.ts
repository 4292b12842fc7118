import { afterAll, beforeAll, describe } from 'vitest'
import { PostgresDriver } from '../src/postgres-driver.js'
import { defineIntrospectorCases } from './introspector-cases.js'
import { openPostgresTestSchema, type PostgresTestSchema } from './postgres-test-database.js'

const opened = await openPostgresTestSchema()
const skipped = 'skipped' in opened ? opened.skipped : undefined
if (skipped !== undefined) console.warn(`Skipping PostgreSQL introspector tests: ${skipped}`)

describe.skipIf(skipped !== undefined)(
  `PostgresIntrospector on PostgreSQL${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    const database = opened as PostgresTestSchema
    const driver = new PostgresDriver({ pool: database.pool })
    beforeAll(() => driver.init())
    afterAll(() => database.drop())
    defineIntrospectorCases(() => ({ driver, schema: database.schema }))
  },
)
