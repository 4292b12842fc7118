import { describe, expect, it } from 'vitest'
import type { ColumnRef, DeletePlan, InsertPlan, ReturnedRecord, UpdatePlan, UpsertPlan } from '@sluice/core/dialect'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const p = (index: number) => ({ kind: 'param' as const, index })
const table = { name: { schema: 'public', name: 'book_authors' }, alias: 't' }
const returning: ReturnedRecord = {
  columns: [
    { name: 'bookId', column: col('book_id'), type: 'int' },
    { name: 'share', column: col('royalty'), type: 'decimal' },
  ],
  visible: undefined,
  keyColumns: [col('book_id'), col('author_id')],
}
const RECORD = `(SELECT "t"."book_id" AS "bookId", "t"."royalty" AS "share") AS "sluice:r"`
const SELECT_BACK = `SELECT row_to_json("sluice:r")::text AS "data", json_build_array("t"."book_id"::text, "t"."author_id"::text)::text AS "key"`
/** Updates and upserts read no key back: only a created row's key is read (for its `Location`). */
const SELECT_UPDATED = `SELECT row_to_json("sluice:r")::text AS "data"`

describe('PostgresSqlCompiler writes', () => {
  const compiler = new PostgresSqlCompiler()

  it('inserts in a data-modifying CTE and builds the returned record and key in the same statement', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning,
      guard: undefined,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
        { column: 'royalty', value: { kind: 'default' } },
      ],
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `WITH "sluice:w" AS (INSERT INTO "public"."book_authors" AS "t" ("book_id", "author_id", "royalty") VALUES ($1, $2, DEFAULT) RETURNING *) ` +
        `${SELECT_BACK} FROM "sluice:w" AS "t" CROSS JOIN LATERAL ${RECORD}`,
    )
  })

  it('inserts default values when no column is given', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning,
      values: [],
      guard: undefined,
      parameters: [],
    }
    expect(compiler.compile(plan).sql).toContain(
      'INSERT INTO "public"."book_authors" AS "t" DEFAULT VALUES RETURNING *',
    )
  })

  it('leaves the key out when core reads it from the record (keyInRecord)', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning: { ...returning, keyInRecord: ['bookId'] },
      guard: undefined,
      values: [{ column: 'book_id', value: p(0) }],
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      `WITH "sluice:w" AS (INSERT INTO "public"."book_authors" AS "t" ("book_id") VALUES ($1) RETURNING *) ` +
        `SELECT row_to_json("sluice:r")::text AS "data" FROM "sluice:w" AS "t" CROSS JOIN LATERAL ${RECORD}`,
    )
  })

  it('returns NULL data when the caller may read nothing, and gates the record on the read policy', () => {
    const hidden: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning: { ...returning, columns: [] },
      values: [],
      guard: undefined,
      parameters: [],
    }
    expect(compiler.compile(hidden).sql).toMatch(
      /SELECT NULL::text AS "data", json_build_array\(.*\)::text AS "key" FROM "sluice:w" AS "t"$/,
    )
    const gated: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      values: [{ column: 'book_id', value: p(0) }],
      guard: undefined,
      returning: { ...returning, visible: { kind: 'compare', left: col('author_id'), op: 'eq', right: p(1) } },
      parameters: [
        { value: 1, type: 'int' },
        { value: 7, type: 'int' },
      ],
    }
    expect(compiler.compile(gated).sql).toContain(
      `SELECT CASE WHEN "t"."author_id" = $2 THEN row_to_json("sluice:r")::text END AS "data"`,
    )
  })

  it('guards an insert with the create policy: insert-select from the typed proposed row, NULL for columns it leaves out', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'royalty', value: p(1) },
      ],
      guard: {
        predicate: {
          kind: 'and',
          items: [
            { kind: 'compare', left: col('royalty'), op: 'le', right: p(2) },
            { kind: 'isNull', operand: col('note'), negated: false },
          ],
        },
        columns: [
          { column: 'book_id', dbType: 'integer' },
          { column: 'royalty', dbType: 'numeric(5,2)' },
          { column: 'note', dbType: 'text' },
        ],
      },
      parameters: [
        { value: 1, type: 'int' },
        { value: '5', type: 'decimal' },
        { value: '10', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `WITH "sluice:w" AS (INSERT INTO "public"."book_authors" AS "t" ("book_id", "royalty") SELECT "t"."book_id", "t"."royalty" ` +
        `FROM (SELECT CAST($1 AS integer) AS "book_id", CAST($2 AS numeric(5,2)) AS "royalty", CAST(NULL AS text) AS "note") AS "t" ` +
        `WHERE "t"."royalty" <= $3 AND "t"."note" IS NULL RETURNING *) ` +
        `${SELECT_BACK} FROM "sluice:w" AS "t" CROSS JOIN LATERAL ${RECORD}`,
    )
  })

  it('updates the row the key and policy select, resetting omitted fields to DEFAULT', () => {
    const plan: UpdatePlan = {
      kind: 'update',
      shapeKey: 'k',
      table,
      returning,
      set: [
        { column: 'royalty', value: p(0) },
        { column: 'note', value: { kind: 'default' } },
      ],
      where: {
        kind: 'and',
        items: [
          { kind: 'compare', left: col('book_id'), op: 'eq', right: p(1) },
          { kind: 'compare', left: col('author_id'), op: 'eq', right: p(2) },
        ],
      },
      parameters: [
        { value: '5.00', type: 'decimal' },
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `WITH "sluice:w" AS (UPDATE "public"."book_authors" AS "t" SET "royalty" = $1, "note" = DEFAULT WHERE "t"."book_id" = $2 AND "t"."author_id" = $3 RETURNING "t".*) ` +
        `${SELECT_UPDATED} FROM "sluice:w" AS "t" CROSS JOIN LATERAL ${RECORD}`,
    )
  })

  it('reads the row back when an update has nothing to set', () => {
    const plan: UpdatePlan = {
      kind: 'update',
      shapeKey: 'k',
      table,
      returning,
      set: [],
      where: { kind: 'compare', left: col('book_id'), op: 'eq', right: p(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toContain(
      `WITH "sluice:w" AS (SELECT * FROM "public"."book_authors" AS "t" WHERE "t"."book_id" = $1) `,
    )
  })

  it('upserts with ON CONFLICT on the key, taking the proposed values, guarded by the update policy', () => {
    const plan: UpsertPlan = {
      kind: 'upsert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
        { column: 'royalty', value: p(2) },
      ],
      conflictColumns: ['book_id', 'author_id'],
      updateColumns: ['royalty'],
      updateWhere: { kind: 'compare', left: col('royalty'), op: 'lt', right: p(3) },
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
        { value: '5', type: 'decimal' },
        { value: '50', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `WITH "sluice:w" AS (INSERT INTO "public"."book_authors" AS "t" ("book_id", "author_id", "royalty") VALUES ($1, $2, $3) ` +
        `ON CONFLICT ("book_id", "author_id") DO UPDATE SET "royalty" = EXCLUDED."royalty" WHERE "t"."royalty" < $4 ` +
        `RETURNING "t".*, ("t".xmax = 0) AS "sluice:inserted") ` +
        `${SELECT_UPDATED}, "t"."sluice:inserted" AS "inserted" FROM "sluice:w" AS "t" CROSS JOIN LATERAL ${RECORD}`,
    )
  })

  it('upserts with nothing to update by re-assigning the first key column, so the existing row still comes back', () => {
    const plan: UpsertPlan = {
      kind: 'upsert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
      ],
      conflictColumns: ['book_id', 'author_id'],
      updateColumns: [],
      updateWhere: undefined,
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toContain('DO UPDATE SET "book_id" = EXCLUDED."book_id" RETURNING')
  })

  it('deletes the selected row and returns one row per deleted row', () => {
    const plan: DeletePlan = {
      kind: 'delete',
      shapeKey: 'k',
      table,
      where: { kind: 'compare', left: col('book_id'), op: 'eq', right: p(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      `DELETE FROM "public"."book_authors" AS "t" WHERE "t"."book_id" = $1 RETURNING 1 AS "deleted"`,
    )
  })
})
