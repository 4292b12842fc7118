import * as fc from 'fast-check'
import { expect } from 'vitest'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import type { FixtureProcedure } from '../fixture-procedure.js'
import type { RestReply } from '../fixture-server.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { sortRows } from '../oracle/sort-rows.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import type { Scenario } from '../scenario.js'

/** Never a column name (see COLUMN_NAMES), so the parameter cannot be mistaken for a column. */
const PARAMETER = 'min_value'

/** A random table with at least one `int` column, the column a procedure filters on, and thresholds to call it with. */
const tableWithThresholds = createFixtureTableArbitrary({ name: 'proc_rows', maxRows: 15 })
  .filter((table) => table.columns.some((c) => c.type === 'int'))
  .chain((table) =>
    fc.tuple(
      fc.constant(table),
      fc.constantFrom(...table.columns.filter((c) => c.type === 'int').map((c) => c.name)),
      fc.array(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-2147483648, 0, 2147483647)), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined }),
    ),
  )

/** The oracle: rows whose `column` is at least `threshold` (NULL never is), in primary-key order. */
function expectedRows(table: FixtureTable, column: string, threshold: number): FixtureRow[] {
  const matching = table.rows.filter((row) => {
    const value = row[column]
    return typeof value === 'number' && value >= threshold
  })
  return sortRows(table, matching, [])
}

function valueOf(reply: RestReply, request: string): readonly Record<string, unknown>[] {
  const where = `${request} → ${reply.status} ${reply.text.slice(0, 500)}`
  expect(reply.contentType, where).toMatch(/^application\/json/)
  const body = reply.json as { value?: unknown } | undefined
  expect(body !== null && typeof body === 'object' ? Object.keys(body) : body, where).toEqual(['value'])
  expect(Array.isArray(body!.value), where).toBe(true)
  return body!.value as Record<string, unknown>[]
}

function texts(table: FixtureTable, rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row)))
}

/**
 * Stored procedures (SPEC §Stored procedures) on every engine that declares `storedProcedures`: a procedure's
 * first result set comes back whole in `value` (no paging), parameters from the query string (GET) or a JSON
 * body (POST), database defaults apply to omitted parameters, and bad parameters are coded 400s.
 */
export const procedureScenarios: readonly Scenario[] = [
  {
    key: 'procedures.rows-oracle',
    title:
      'a procedure returning rows gives exactly the oracle rows, all columns, in key order, by GET and by POST; an omitted parameter takes the database default',
    description:
      "A procedure over a random table (with at least one `int` column) returning the rows whose column is at least a threshold parameter gives exactly the oracle's rows (NULL never qualifies), every column, in primary-key order, whole in `value` without paging, both by GET (parameters in the query string) and by POST (a JSON body); a parameter left out takes the database default.",
    requires: ['storedProcedures'],
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithThresholds, async ([table, column, thresholds, databaseDefault]) => {
          const procedure: FixtureProcedure = {
            name: 'proc_rows_from',
            kind: 'rows',
            table: table.name,
            column,
            parameter: PARAMETER,
            databaseDefault,
          }
          await harness.withServer({ tables: [table], procedures: [procedure] }, async (server) => {
            for (const threshold of thresholds) {
              const expected = texts(table, expectedRows(table, column, threshold))
              const url = `/api/${procedure.name}?${PARAMETER}=${threshold}`
              const get = await server.get(url)
              expect(get.status, `GET ${url}: ${get.text.slice(0, 300)}`).toBe(200)
              expect(texts(table, valueOf(get, `GET ${url}`)), `GET ${url}`).toEqual(expected)
              const body = JSON.stringify({ [PARAMETER]: threshold })
              const post = await server.send({ method: 'POST', url: `/api/${procedure.name}`, body })
              expect(post.status, `POST ${body}: ${post.text.slice(0, 300)}`).toBe(201)
              expect(texts(table, valueOf(post, `POST ${body}`)), `POST ${body}`).toEqual(expected)
            }
            if (databaseDefault !== undefined) {
              const url = `/api/${procedure.name}`
              const reply = await server.get(url)
              expect(reply.status, `GET ${url}: ${reply.text.slice(0, 300)}`).toBe(200)
              expect(texts(table, valueOf(reply, `GET ${url}`)), `GET ${url} (default ${databaseDefault})`).toEqual(
                texts(table, expectedRows(table, column, databaseDefault)),
              )
            }
          })
        }),
        20,
      )
    },
  },
  {
    key: 'procedures.call-count',
    title: 'a procedure returning one computed row gives [{"count": n}] with the oracle count, by GET and by POST',
    description:
      'A procedure returning one computed row gives `[{"count": n}]` with the oracle\'s count of qualifying rows, by GET and by POST.',
    requires: ['storedProcedures'],
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithThresholds, async ([table, column, thresholds]) => {
          const procedure: FixtureProcedure = {
            name: 'proc_count_from',
            kind: 'count',
            table: table.name,
            column,
            parameter: PARAMETER,
          }
          await harness.withServer({ tables: [table], procedures: [procedure] }, async (server) => {
            for (const threshold of thresholds) {
              const count = expectedRows(table, column, threshold).length
              const url = `/api/${procedure.name}?${PARAMETER}=${threshold}`
              const get = await server.get(url)
              expect(get.status, `GET ${url}: ${get.text.slice(0, 300)}`).toBe(200)
              expect(
                valueOf(get, `GET ${url}`).map((r) => ({ count: Number(r['count']) })),
                `GET ${url}`,
              ).toEqual([{ count }])
              const body = JSON.stringify({ [PARAMETER]: threshold })
              const post = await server.send({ method: 'POST', url: `/api/${procedure.name}`, body })
              expect(post.status, `POST ${body}: ${post.text.slice(0, 300)}`).toBe(201)
              expect(
                valueOf(post, `POST ${body}`).map((r) => ({ count: Number(r['count']) })),
                `POST ${body}`,
              ).toEqual([{ count }])
            }
          })
        }),
        10,
      )
    },
  },
  {
    key: 'procedures.parameter-errors',
    title:
      'a missing required, unknown or ill-typed parameter, $select and a method outside rest.methods are coded 4xx errors; $filter, $orderby, $first and $after have no effect',
    description:
      "A missing required parameter, an unknown parameter, an ill-typed value, `$select`, and a method outside the entity's `rest.methods` give coded 4xx error envelopes; `$filter`, `$orderby`, `$first` and `$after` are accepted and have no effect on a procedure's rows.",
    requires: ['storedProcedures'],
    async run(harness) {
      const table: FixtureTable = {
        name: 'proc_errors',
        primaryKey: ['id'],
        columns: [
          { name: 'id', type: 'int', nullable: false },
          { name: 'qty', type: 'int', nullable: true },
        ],
        rows: [
          { id: 1, qty: 5 },
          { id: 2, qty: null },
        ],
      }
      const procedure: FixtureProcedure = {
        name: 'proc_errors_count',
        kind: 'count',
        table: table.name,
        column: 'qty',
        parameter: PARAMETER,
      }
      await harness.withServer({ tables: [table], procedures: [procedure] }, async (server) => {
        const base = `/api/${procedure.name}`
        expect(expectErrorEnvelope(await server.get(base), base)).toEqual({
          code: 'Bad Request',
          status: 400,
          message: `Invalid request. Missing required procedure parameters: ${PARAMETER} for entity: ${procedure.name}`,
        })
        const unknown = `${base}?${PARAMETER}=1&other=2`
        expect(expectErrorEnvelope(await server.get(unknown), unknown)).toEqual({
          code: 'Bad Request',
          status: 400,
          message: `Invalid request. Contained unexpected fields: other for entity: ${procedure.name}`,
        })
        // SPEC §Stored procedures rule 3: filtering, ordering and paging have no effect; a selection is refused.
        const plain = await server.get(`${base}?${PARAMETER}=1`)
        for (const option of ['$filter=qty%20eq%201', '$first=1', '$orderby=qty', '$after=x']) {
          const url = `${base}?${PARAMETER}=1&${option}`
          const reply = await server.get(url)
          expect(reply.status, `${url} → ${reply.text}`).toBe(plain.status)
          expect(reply.text, url).toBe(plain.text)
        }
        const selected = `${base}?${PARAMETER}=1&$select=count`
        expect(expectErrorEnvelope(await server.get(selected), selected).status, selected).toBe(400)
        for (const bad of ['abc', '1.5', '2147483648']) {
          const url = `${base}?${PARAMETER}=${bad}`
          expect(expectErrorEnvelope(await server.get(url), url).status, url).toBe(400)
        }
        const body = JSON.stringify({ [PARAMETER]: 'x' })
        expect(expectErrorEnvelope(await server.send({ method: 'POST', url: base, body }), `POST ${base}`).status).toBe(
          400,
        )
        const put = await server.send({ method: 'PUT', url: base, body: JSON.stringify({ [PARAMETER]: 1 }) })
        expect(put.status, `PUT ${base}: ${put.text}`).toBe(405)
        expect(put.headers['allow'], `PUT ${base}`).toBe('GET, POST')
        const key = `${base}/id/1`
        expect(expectErrorEnvelope(await server.get(key), key).status).toBe(400)
      })
    },
  },
]
