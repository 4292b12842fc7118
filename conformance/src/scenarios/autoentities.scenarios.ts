import * as fc from 'fast-check'
import { expect } from 'vitest'
import type { Fixture, FixtureTable } from '../fixture.js'
import type { Scenario } from '../scenario.js'

/**
 * `autoentities`: a table of the session's schema becomes an entity when `schema.table` matches an include pattern
 * and no exclude pattern (SQL LIKE, ignoring case); its name is the name pattern with `{object}` replaced and
 * whitespace removed (the next character upper-cased). Views and migration-history tables never become entities.
 * Patterns are always qualified with the session's schema, so other schemas of a shared database never match.
 */

/** Table names; after whitespace removal no two give the same entity name under any name pattern below. */
const POOL: readonly string[] = ['Books', 'book_reviews', 'Order Items', 'orders', 'Authors', 'audit log']

/** Pattern tails (after `<schema>.`) and name patterns the property draws from. */
const PATTERN_TAILS = ['%', '%book%', 'BOOK_', '%order%', '%S', 'a%', '%items', 'audit log', 'b_ok%']
const NAME_PATTERNS = ['{object}', 'x_{object}', '{object} api']

const READ = [{ role: 'anonymous', actions: ['read'] }]

const autoentityCase = fc.record({
  tables: fc.subarray([...POOL], { minLength: 1 }),
  include: fc.uniqueArray(fc.constantFrom(...PATTERN_TAILS), { minLength: 1, maxLength: 2 }),
  exclude: fc.uniqueArray(fc.constantFrom(...PATTERN_TAILS), { maxLength: 2 }),
  name: fc.constantFrom(...NAME_PATTERNS),
})

export const autoentityScenarios: readonly Scenario[] = [
  {
    key: 'autoentities.pattern-oracle',
    title:
      'autoentities publish exactly the tables whose schema.name matches an include and no exclude LIKE pattern, under the name pattern, with their rows',
    description:
      "An `autoentities` definition publishes exactly the session's tables whose `schema.table` matches an include pattern and no exclude pattern (SQL LIKE, ignoring case), named by the name pattern with `{object}` replaced and whitespace removed (the next character upper-cased), each serving its rows. Patterns are always qualified with the session's schema, so other schemas of a shared database never match.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(autoentityCase, async ({ tables, include, exclude, name }) => {
          const fixture: Fixture = { tables: tables.map((table, i) => createTable(table, i)) }
          const expected = tables.filter((table) => matchesOracle(table, include, exclude))
          const autoentities = (schema: string | undefined) => ({
            generated: {
              patterns: {
                include: include.map((t) => qualify(schema, t)),
                exclude: exclude.map((t) => qualify(schema, t)),
                name,
              },
              permissions: READ,
            },
          })
          if (expected.length === 0) {
            await expect(
              harness.withServer(fixture, async () => undefined, { autoentities }),
              'start-up without entities',
            ).rejects.toThrow(/no entities found/)
            return
          }
          await harness.withServer(
            fixture,
            async (server) => {
              for (const table of tables) {
                const entity = joinName(name, table)
                const reply = await server.get(`/api/${encodeURIComponent(entity)}?$orderby=id`)
                if (!expected.includes(table)) {
                  expect(
                    reply.status,
                    `GET /api/${entity}: ${table} must not be published (include ${include.join(', ')}; exclude ${exclude.join(', ')})`,
                  ).toBe(404)
                  continue
                }
                expect(reply.status, `GET /api/${entity} → ${reply.text.slice(0, 300)}`).toBe(200)
                const rows = fixture.tables.find((t) => t.name === table)!.rows
                expect((reply.json as { value: unknown[] }).value, `GET /api/${entity}`).toEqual(
                  rows.map((row) => ({ ...row })),
                )
              }
            },
            { autoentities },
          )
        }),
        8,
      )
    },
  },
  {
    key: 'autoentities.never-generated',
    title:
      "views, migration-history tables and tables outside the patterns are never generated; a definition's permissions and template apply",
    description:
      "Views, migration-history tables and tables outside the patterns never become entities; a definition's permissions and template apply to the entities it generates.",
    async run(harness) {
      const books = createTable('Books', 0)
      const fixture: Fixture = {
        tables: [books, createTable('knex_migrations', 1), createTable('other', 2)],
        views: [{ name: 'book_view', table: 'Books', columns: ['id', 'label'] }],
      }
      const autoentities = (schema: string | undefined) => ({
        reading: {
          patterns: { include: [qualify(schema, '%book%'), qualify(schema, 'knex%')], name: '{object}' },
          permissions: READ,
        },
        hidden: {
          patterns: { include: [qualify(schema, 'other')], name: 'hidden_{object}' },
          template: { rest: { enabled: false } },
          permissions: READ,
        },
      })
      await harness.withServer(
        fixture,
        async (server) => {
          expect((await server.get('/api/Books?$orderby=id')).json).toEqual({
            value: books.rows.map((row) => ({ ...row })),
          })
          for (const path of ['/api/book_view', '/api/knex_migrations', '/api/hidden_other'])
            expect((await server.get(path)).status, `GET ${path}`).toBe(404)
          const create = await server.send({
            method: 'POST',
            url: '/api/Books',
            body: JSON.stringify({ id: 99, label: 'new' }),
          })
          expect(create.status, `POST /api/Books (read-only permissions) → ${create.text.slice(0, 300)}`).toBe(403)
        },
        { autoentities },
      )
    },
  },
]

function createTable(name: string, seed: number): FixtureTable {
  return {
    name,
    columns: [
      { name: 'id', type: 'int', nullable: false },
      { name: 'label', type: 'text', nullable: true },
    ],
    primaryKey: ['id'],
    rows: Array.from({ length: 1 + (seed % 3) }, (_, i) => ({ id: i + 1, label: i === 1 ? null : `${name} ${i + 1}` })),
  }
}

function qualify(schema: string | undefined, tail: string): string {
  return schema === undefined ? `%.${tail}` : `${schema}.${tail}`
}

/** The oracle's LIKE: `%` any run, `_` one character, ignoring case (the pool's names need nothing more). */
function likeOracle(pattern: string, text: string): boolean {
  const source = [...pattern]
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`, 'is').test(text)
}

/** Patterns here are compared with the table part only: every one of them is qualified with the session's schema. */
function matchesOracle(table: string, include: readonly string[], exclude: readonly string[]): boolean {
  return include.some((p) => likeOracle(p, table)) && !exclude.some((p) => likeOracle(p, table))
}

/** The name pattern with `{object}` replaced, whitespace removed and the character after it upper-cased. */
function joinName(pattern: string, table: string): string {
  return pattern.replace('{object}', table).replace(/\s+(\S?)/g, (_, next: string) => next.toUpperCase())
}
