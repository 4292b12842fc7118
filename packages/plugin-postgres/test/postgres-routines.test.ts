import { afterAll, beforeAll, describe } from 'vitest'
import { PostgresDriver } from '../src/postgres-driver.js'
import { openPostgresTestSchema, type PostgresTestSchema } from './postgres-test-database.js'
import { defineRoutineIntrospectorCases } from './routine-introspector-cases.js'

const opened = await openPostgresTestSchema()
const skipped = 'skipped' in opened ? opened.skipped : undefined
if (skipped !== undefined) console.warn(`Skipping PostgreSQL routine introspection tests: ${skipped}`)

describe.skipIf(skipped !== undefined)(
  `PostgresIntrospector routines on PostgreSQL${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    const database = opened as PostgresTestSchema
    const driver = new PostgresDriver({ pool: database.pool })
    beforeAll(() => driver.init())
    afterAll(() => database.drop())
    defineRoutineIntrospectorCases(() => ({ driver, schema: database.schema }))
  },
)
