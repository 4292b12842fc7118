import { describe, expect, it } from 'vitest'
import type { ColumnRef, ExecutePlan } from '@sluice/core/dialect'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 'r', column })
const p = (index: number) => ({ kind: 'param' as const, index })

const FUNCTION: ExecutePlan = {
  kind: 'execute',
  shapeKey: 'k',
  procedure: { schema: 'public', name: 'books_by_publisher' },
  routine: 'function',
  arguments: [
    { name: 'publisher', dbType: 'integer', value: p(0) },
    { name: 'min_price', dbType: 'numeric', value: p(1) },
  ],
  outputParameters: [],
  alias: 'r',
  resultColumns: ['id', 'title', 'cover'],
  columns: [
    { name: 'id', column: col('id'), type: 'int' },
    { name: 'coverImage', column: col('cover'), type: 'bytes' },
  ],
  parameters: [
    { value: 1, type: 'int' },
    { value: '9.5', type: 'decimal' },
  ],
}

describe('PostgresSqlCompiler stored procedures', () => {
  const compiler = new PostgresSqlCompiler()

  it('calls a function with named, typed arguments and builds the JSON of the permitted result columns in the database', () => {
    const compiled = compiler.compile(FUNCTION)
    expect(compiled.sql).toBe(
      'SELECT json_agg(p)::text AS "data" FROM (SELECT "r"."id" AS "id", encode("r"."cover", \'base64\') AS "coverImage" ' +
        'FROM "public"."books_by_publisher"("publisher" => $1::integer, "min_price" => $2::numeric) AS "r"("id", "title", "cover")) AS p',
    )
    expect(compiled.result).toBe('json')
    expect(compiler.bindParameters(FUNCTION, compiled)).toEqual([1, '9.5'])
  })

  it('runs a void function for its effect and returns no rows', () => {
    const plan: ExecutePlan = { ...FUNCTION, arguments: [], parameters: [], resultColumns: [], columns: [] }
    expect(compiler.compile(plan).sql).toBe('SELECT NULL::text AS "data" FROM "public"."books_by_publisher"() AS "r"')
  })

  it('returns an empty object per row when the role may see no result column', () => {
    const plan: ExecutePlan = { ...FUNCTION, columns: [] }
    expect(compiler.compile(plan).sql).toMatch(
      /^SELECT json_agg\('\{\}'::json\)::text AS "data" FROM "public"\."books_by_publisher"\(/,
    )
  })

  it('runs a procedure by CALL with a NULL placeholder per OUT parameter; the driver returns its row', () => {
    const plan: ExecutePlan = {
      ...FUNCTION,
      procedure: { schema: 'public', name: 'return_loan' },
      routine: 'procedure',
      arguments: [{ name: 'loan_id', dbType: 'integer', value: p(0) }],
      outputParameters: ['still_out'],
      resultColumns: ['still_out'],
      columns: [{ name: 'stillOut', column: col('still_out'), type: 'int' }],
      parameters: [{ value: 7, type: 'int' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe('CALL "public"."return_loan"("loan_id" => $1::integer, "still_out" => NULL)')
    expect(compiled.result).toBe('rows')
  })

  it('quotes names from the catalog', () => {
    const plan: ExecutePlan = {
      ...FUNCTION,
      procedure: { schema: 'my"schema', name: 'fn' },
      arguments: [{ name: 'we"ird', dbType: 'text', value: p(0) }],
      parameters: [{ value: 'x', type: 'string' }],
    }
    expect(compiler.compile(plan).sql).toContain('FROM "my""schema"."fn"("we""ird" => $1::text) AS "r"')
  })
})
