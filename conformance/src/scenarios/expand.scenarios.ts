import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter } from '@sluice/core'
import { printExpandExpression, type RelationSelection } from '@sluice/core/protocol'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import type { FixtureServer, RestReply } from '../fixture-server.js'
import { filterRows } from '../oracle/filter-rows.js'
import { sortRows } from '../oracle/sort-rows.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import type { Scenario } from '../scenario.js'

/**
 * REST `$expand` over a parent and a child table joined by `child.parent_id = parent.id` (declared in config): the
 * nested arrays equal a per-parent oracle (filter, order, page size, count), `@nextLink` continues exactly where a
 * list stopped, and under a restricted role nested rows obey the child's row policy and field access.
 */
const PARENT: Omit<FixtureTable, 'rows'> = {
  name: 'x_parent',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'name', type: 'text', nullable: false },
  ],
  primaryKey: ['id'],
}
const CHILD: Omit<FixtureTable, 'rows'> = {
  name: 'x_child',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'parent_id', type: 'int', nullable: true },
    { name: 'score', type: 'int', nullable: true },
  ],
  primaryKey: ['id'],
}
const RELATIONSHIPS = {
  x_parent: {
    kids: { cardinality: 'many', 'target.entity': 'x_child', 'source.fields': ['id'], 'target.fields': ['parent_id'] },
  },
  x_child: {
    parent: {
      cardinality: 'one',
      'target.entity': 'x_parent',
      'source.fields': ['parent_id'],
      'target.fields': ['id'],
    },
  },
}
/** `limited` reads children with a non-negative score only, and never their parent_id. */
const ROLE = 'limited'
const CHILD_POLICY = Filter.comparison('ge', Filter.field('score'), Filter.literal('0', 'number'))
const PERMISSIONS = {
  x_parent: [{ role: 'anonymous', actions: ['read'] }],
  x_child: [
    { role: 'anonymous', actions: ['read'] },
    {
      role: ROLE,
      actions: [{ action: 'read', fields: { include: ['id', 'score'] }, policy: { database: '@item.score ge 0' } }],
    },
  ],
}

const tablesArbitrary = fc.integer({ min: 0, max: 5 }).chain((parents) =>
  fc
    .array(
      fc.record({
        parent_id: fc.option(fc.integer({ min: 1, max: parents + 1 }), { nil: null }),
        score: fc.option(fc.integer({ min: -2, max: 3 }), { nil: null }),
      }),
      { maxLength: 24 },
    )
    .map((children) => ({
      parent: { ...PARENT, rows: Array.from({ length: parents }, (_, i) => ({ id: i + 1, name: `p'${i + 1}` })) },
      child: { ...CHILD, rows: children.map((c, i) => ({ id: i + 1, parent_id: c.parent_id, score: c.score })) },
    })),
)

const cases = fc.record({
  tables: tablesArbitrary,
  first: fc.integer({ min: 1, max: 4 }),
  minScore: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
  count: fc.boolean(),
  role: fc.constantFrom(undefined, ROLE),
})

async function read(server: FixtureServer, url: string, role: string | undefined): Promise<RestReply> {
  return server.send({ method: 'GET', url, ...(role === undefined ? {} : { headers: { 'x-ms-api-role': role } }) })
}

function pathOf(link: string): string {
  const url = new URL(link)
  return url.pathname + url.search
}

export const expandScenarios: readonly Scenario[] = [
  {
    key: 'relationships.rest-expand-oracle',
    title:
      "REST $expand: nested arrays, @count and @nextLink equal a per-parent oracle; nested rows obey the child's row policy and fields",
    description:
      "REST `$expand` over a parent/child pair with random nested `$filter`, `$orderby`, `$first` and `$count` (and a nested `parent` expansion): each parent's array, `kids@count` and `kids@nextLink` equal a per-parent oracle, and following the links reads the rest of each list exactly once, in order; under a role with a row policy and field restriction on the child, nested rows and fields obey both, and a forbidden field in the nested `$select` is the root's 400.",
    requires: ['nestedReads'],
    async run(harness) {
      await harness.check(
        fc.asyncProperty(cases, async ({ tables, first, minScore, direction, count, role }) => {
          const filter =
            minScore === undefined
              ? undefined
              : Filter.comparison('gt', Filter.field('score'), Filter.literal(String(minScore), 'number'))
          const kids: RelationSelection = {
            relationship: 'kids',
            as: 'kids',
            first,
            orderBy: [{ field: 'score', direction }],
            count,
            ...(filter === undefined ? {} : { filter }),
            // Anonymous reads each kid's parent back; `limited` may not read parent_id, so cannot.
            ...(role === undefined
              ? { relations: [{ relationship: 'parent', as: 'parent', select: ['id', 'name'] }] }
              : {}),
          }
          const admitted = (parentId: number): FixtureRow[] => {
            const mine: FixtureTable = {
              ...tables.child,
              rows: tables.child.rows.filter((r) => r['parent_id'] === parentId),
            }
            const conditions = [filter, role === undefined ? undefined : CHILD_POLICY].filter((f) => f !== undefined)
            const kept = filterRows(mine, conditions.length === 0 ? undefined : Filter.and(conditions))
            return sortRows(tables.child, kept, [{ field: 'score', direction }])
          }
          const visible = (row: FixtureRow) => (role === undefined ? row : { id: row['id'], score: row['score'] })
          await harness.withServer(
            { tables: [tables.parent, tables.child] },
            async (server) => {
              const url = `/api/x_parent?$first=1000&$orderby=id&$expand=${encodeURIComponent(printExpandExpression([kids]))}`
              const reply = await read(server, url, role)
              expect(reply.status, `GET ${url} (${role ?? 'anonymous'}) → ${reply.text}`).toBe(200)
              const parents = (reply.json as { value: any[] }).value
              expect(parents.map((p) => p.id)).toEqual(tables.parent.rows.map((p) => p['id']))
              for (const parent of parents) {
                const expected = admitted(parent.id)
                const where = `parent ${parent.id} of GET ${url} (${role ?? 'anonymous'})`
                expect(parent.kids, where).toEqual(
                  expected
                    .slice(0, first)
                    .map((row) =>
                      role === undefined ? { ...row, parent: { id: parent.id, name: parent.name } } : visible(row),
                    ),
                )
                if (count) expect(parent['kids@count'], where).toBe(expected.length)
                else expect(parent, where).not.toHaveProperty('kids@count')
                expect(parent['kids@nextLink'] !== undefined, `${where}: nextLink`).toBe(expected.length > first)
                // Following the links reads the rest of this parent's list, in order, page by page.
                let seen = parent.kids.length
                let link: string | undefined = parent['kids@nextLink']
                while (link !== undefined) {
                  const next = await read(server, pathOf(link), role)
                  expect(next.status, `${link} → ${next.text}`).toBe(200)
                  const [again] = (next.json as { value: any[] }).value
                  expect(
                    again.kids.map((k: any) => k.id),
                    `${where}: after ${seen}`,
                  ).toEqual(expected.slice(seen, seen + first).map((r) => r['id']))
                  seen += again.kids.length
                  link = again['kids@nextLink']
                }
                expect(seen, where).toBe(expected.length)
              }
              // A field the role may not read, named in a nested $select, is the same 400 as at the root.
              if (role !== undefined) {
                const refused = `/api/x_parent?$expand=${encodeURIComponent('kids($select=id,parent_id)')}`
                expect(expectErrorEnvelope(await read(server, refused, role), refused).message).toBe(
                  "Invalid field 'parent_id' in $select",
                )
              }
            },
            { relationships: RELATIONSHIPS, permissions: PERMISSIONS },
          )
        }),
        12,
      )
    },
  },
]
