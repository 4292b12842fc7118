import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter, type FilterNode, type OperationResult } from '@sluice/core'
import type { Fixture, FixtureRow, FixtureTable } from '../fixture.js'
import type { FixtureServer } from '../fixture-server.js'
import { sortRows } from '../oracle/sort-rows.js'
import type { Scenario } from '../scenario.js'

/**
 * Relationships at the engine level (core's pipeline, no protocol): a parent table and a child table joined by
 * `child.parent_id = parent.id`, declared in config (the fixture creates no foreign keys). Nested reads and
 * related-entity filters must give exactly what a join over the fixture rows gives.
 */
const PARENT: Omit<FixtureTable, 'rows'> = {
  name: 'rel_parent',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'name', type: 'text', nullable: false },
  ],
  primaryKey: ['id'],
}
const CHILD: Omit<FixtureTable, 'rows'> = {
  name: 'rel_child',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'parent_id', type: 'int', nullable: true },
    { name: 'score', type: 'int', nullable: true },
  ],
  primaryKey: ['id'],
}
const RELATIONSHIPS = {
  rel_parent: {
    children: {
      cardinality: 'many',
      'target.entity': 'rel_child',
      'source.fields': ['id'],
      'target.fields': ['parent_id'],
    },
  },
  rel_child: {
    parent: {
      cardinality: 'one',
      'target.entity': 'rel_parent',
      'source.fields': ['parent_id'],
      'target.fields': ['id'],
    },
  },
}

/** Up to 6 parents and 30 children; some children point to no parent, or to an id no parent has. */
const fixtureArbitrary: fc.Arbitrary<{ parent: FixtureTable; child: FixtureTable }> = fc
  .integer({ min: 0, max: 6 })
  .chain((parents) =>
    fc
      .array(
        fc.record({
          parent_id: fc.option(fc.integer({ min: 1, max: parents + 1 }), { nil: null }),
          score: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
        }),
        { maxLength: 30 },
      )
      .map((children) => ({
        parent: { ...PARENT, rows: Array.from({ length: parents }, (_, i) => ({ id: i + 1, name: `p${i + 1}` })) },
        child: { ...CHILD, rows: children.map((c, i) => ({ id: i + 1, parent_id: c.parent_id, score: c.score })) },
      })),
  )

/**
 * Many-to-many through a linking table: parents and children of the same shapes, each (parent, child) pair linked
 * or not, and links that name a child no table holds. `linking.object` is the link table, as Data API builder spells it.
 */
const LINK: Omit<FixtureTable, 'rows'> = {
  name: 'rel_link',
  columns: [
    { name: 'parent_id', type: 'int', nullable: false },
    { name: 'child_id', type: 'int', nullable: false },
  ],
  primaryKey: ['parent_id', 'child_id'],
}
const LINKING_RELATIONSHIPS = {
  rel_parent: {
    linked: {
      cardinality: 'many',
      'target.entity': 'rel_child',
      'source.fields': ['id'],
      'target.fields': ['id'],
      'linking.object': 'rel_link',
      'linking.source.fields': ['parent_id'],
      'linking.target.fields': ['child_id'],
    },
  },
}

/** Up to 5 parents and 12 children (no parent_id), and any set of links, some to a child id no row has. */
const linkedFixtureArbitrary: fc.Arbitrary<{ parent: FixtureTable; child: FixtureTable; link: FixtureTable }> = fc
  .record({
    parents: fc.integer({ min: 0, max: 5 }),
    scores: fc.array(fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }), { maxLength: 12 }),
  })
  .chain(({ parents, scores }) =>
    fc
      .uniqueArray(
        fc.record({
          parent_id: fc.integer({ min: 1, max: Math.max(1, parents) }),
          child_id: fc.integer({ min: 1, max: scores.length + 1 }),
        }),
        { maxLength: 25, selector: (l) => `${l.parent_id}:${l.child_id}` },
      )
      .map((links) => ({
        parent: { ...PARENT, rows: Array.from({ length: parents }, (_, i) => ({ id: i + 1, name: `p${i + 1}` })) },
        child: { ...CHILD, rows: scores.map((score, i) => ({ id: i + 1, parent_id: null, score })) },
        link: { ...LINK, rows: links },
      })),
  )

/** Fixture tables with a nested page to read from them: its size, an optional score filter and a direction. */
function nestedPageCases<T>(tables: fc.Arbitrary<T>) {
  return fc.record({
    tables,
    first: fc.integer({ min: 1, max: 4 }),
    minScore: fc.option(fc.integer({ min: -3, max: 2 }), { nil: undefined }),
    direction: fc.constantFrom('asc' as const, 'desc' as const),
  })
}

function rowsOf(result: OperationResult): any[] {
  expect(result.kind).toBe('read')
  return JSON.parse((result as { json: string }).json) as any[]
}

function children(child: FixtureTable, parentId: number, minScore: number | undefined): FixtureRow[] {
  return child.rows.filter(
    (r) =>
      r['parent_id'] === parentId &&
      (minScore === undefined || (r['score'] !== null && (r['score'] as number) > minScore)),
  )
}

const scoreAbove = (k: number): FilterNode =>
  Filter.comparison('gt', Filter.field('score'), Filter.literal(k, 'number'))

async function withTables<T>(
  harness: Parameters<Scenario['run']>[0],
  tables: { parent: FixtureTable; child: FixtureTable },
  fn: (server: FixtureServer) => Promise<T>,
): Promise<T> {
  const fixture: Fixture = { tables: [tables.parent, tables.child] }
  return harness.withServer(fixture, fn, { relationships: RELATIONSHIPS })
}

export const relationshipScenarios: readonly Scenario[] = [
  {
    key: 'relationships.nested-oracle',
    title:
      'nested many (own filter, order, page size, cursor) and nested one give exactly the join of the fixture rows, in one request',
    description:
      'Over a parent table and a child table joined by `child.parent_id = parent.id` (declared in config, no foreign keys; up to 6 parents and 30 children, some pointing to no parent), a nested read of many (with its own filter, order, page size and cursor) and of one, in one request through core\'s pipeline, gives exactly what a join over the fixture rows gives; without paging values (`pageInfo: false`) the connection is `{"items": [...]}` alone.',
    requires: ['nestedReads'],
    async run(harness) {
      const cases = nestedPageCases(fixtureArbitrary)
      await harness.check(
        fc.asyncProperty(cases, async ({ tables, first, minScore, direction }) => {
          await withTables(harness, tables, async (server) => {
            const orderBy = [{ field: 'score', direction }]
            const nested = (after?: string) => ({
              relationship: 'children',
              as: 'kids',
              first,
              orderBy,
              after,
              filter: minScore === undefined ? undefined : scoreAbove(minScore),
              relations: [{ relationship: 'parent', as: 'back', select: ['id', 'name'] }],
            })
            const parents = rowsOf(
              await server.run({
                operation: 'read',
                entity: 'rel_parent',
                orderBy: [{ field: 'id', direction: 'asc' }],
                first: 1000,
                relations: [nested()],
              }),
            )
            expect(parents.map((p) => p.id)).toEqual(tables.parent.rows.map((p) => p['id']))
            for (const parent of parents) {
              const expected = sortRows(tables.child, children(tables.child, parent.id, minScore), orderBy)
              expect(
                parent.kids.items.map((k: any) => k.id),
                `children of ${parent.id}`,
              ).toEqual(expected.slice(0, first).map((r) => r['id']))
              expect(parent.kids.hasNextPage).toBe(expected.length > first)
              expect(parent.kids.endCursor === null).toBe(expected.length <= first)
              for (const kid of parent.kids.items) expect(kid.back).toEqual({ id: parent.id, name: parent.name })
            }
            // A caller that reads no paging value (`pageInfo: false`) gets `{"items": [...]}` alone, the same items.
            const bare = rowsOf(
              await server.run({
                operation: 'read',
                entity: 'rel_parent',
                orderBy: [{ field: 'id', direction: 'asc' }],
                first: 1000,
                relations: [{ ...nested(), pageInfo: false }],
              }),
            )
            for (const parent of bare) {
              const expected = sortRows(tables.child, children(tables.child, parent.id, minScore), orderBy)
              expect(Object.keys(parent.kids), `connection of ${parent.id} without paging values`).toEqual(['items'])
              expect(parent.kids.items.map((k: any) => k.id)).toEqual(expected.slice(0, first).map((r) => r['id']))
            }
            for (const parent of parents) {
              const expected = sortRows(tables.child, children(tables.child, parent.id, minScore), orderBy)
              if (parent.kids.endCursor === null) continue
              // The nested cursor continues this parent's list right after its last item.
              const next = rowsOf(
                await server.run({
                  operation: 'read',
                  entity: 'rel_parent',
                  key: { id: parent.id },
                  relations: [nested(parent.kids.endCursor)],
                }),
              )
              expect(next[0].kids.items.map((k: any) => k.id)).toEqual(
                expected.slice(first, 2 * first).map((r) => r['id']),
              )
            }
          })
        }),
        12,
      )
    },
  },
  {
    key: 'relationships.linking-oracle',
    title:
      'a nested many-to-many (through a linking table; own filter, order, page size, cursor, count) gives exactly the linked rows',
    description:
      'Over parents, children and a linking table of (parent, child) pairs (up to 5 parents, 12 children, 25 links, some to a child no row holds), a nested read of the many-to-many with its own filter, order, page size, cursor and count gives exactly the children each parent is linked to.',
    requires: ['nestedReads'],
    async run(harness) {
      const cases = nestedPageCases(linkedFixtureArbitrary)
      await harness.check(
        fc.asyncProperty(cases, async ({ tables, first, minScore, direction }) => {
          const fixture: Fixture = { tables: [tables.parent, tables.child, tables.link] }
          await harness.withServer(
            fixture,
            async (server) => {
              const orderBy = [{ field: 'score', direction }]
              const filter = minScore === undefined ? undefined : scoreAbove(minScore)
              const nested = (after?: string) => ({
                relationship: 'linked',
                as: 'kids',
                first,
                orderBy,
                after,
                filter,
                count: true,
              })
              const linked = (parentId: number): FixtureRow[] =>
                sortRows(
                  tables.child,
                  tables.child.rows.filter(
                    (c) =>
                      tables.link.rows.some((l) => l['parent_id'] === parentId && l['child_id'] === c['id']) &&
                      (minScore === undefined || (c['score'] !== null && (c['score'] as number) > minScore)),
                  ),
                  orderBy,
                )
              const parents = rowsOf(
                await server.run({
                  operation: 'read',
                  entity: 'rel_parent',
                  orderBy: [{ field: 'id', direction: 'asc' }],
                  first: 1000,
                  relations: [nested()],
                }),
              )
              expect(parents.map((p) => p.id)).toEqual(tables.parent.rows.map((p) => p['id']))
              for (const parent of parents) {
                const expected = linked(parent.id)
                expect(
                  parent.kids.items.map((k: any) => k.id),
                  `children linked to ${parent.id}`,
                ).toEqual(expected.slice(0, first).map((r) => r['id']))
                expect(parent.kids.hasNextPage).toBe(expected.length > first)
                expect(parent.kids.totalCount).toBe(expected.length)
                if (parent.kids.endCursor === null) continue
                const next = rowsOf(
                  await server.run({
                    operation: 'read',
                    entity: 'rel_parent',
                    key: { id: parent.id },
                    relations: [nested(parent.kids.endCursor)],
                  }),
                )
                expect(next[0].kids.items.map((k: any) => k.id)).toEqual(
                  expected.slice(first, 2 * first).map((r) => r['id']),
                )
              }
            },
            { relationships: LINKING_RELATIONSHIPS },
          )
        }),
        12,
      )
    },
  },
  {
    key: 'relationships.related-filter-oracle',
    title:
      'a filter on a related entity (EXISTS) and its negation select exactly the parents that have (or lack) a matching child',
    description:
      'On the same parent/child pair, a filter on the related entity (an EXISTS) and its negation select exactly the parents that have, or lack, a matching child.',
    requires: ['nestedReads'],
    async run(harness) {
      const cases = fc.record({ tables: fixtureArbitrary, minScore: fc.integer({ min: -4, max: 3 }) })
      await harness.check(
        fc.asyncProperty(cases, async ({ tables, minScore }) => {
          await withTables(harness, tables, async (server) => {
            const has = tables.parent.rows
              .filter((p) => children(tables.child, p['id'] as number, minScore).length > 0)
              .map((p) => p['id'])
            const read = async (filter: FilterNode) =>
              rowsOf(
                await server.run({
                  operation: 'read',
                  entity: 'rel_parent',
                  orderBy: [{ field: 'id', direction: 'asc' }],
                  first: -1,
                  filter,
                }),
              )
            expect((await read(Filter.related('children', scoreAbove(minScore)))).map((p) => p.id)).toEqual(has)
            expect((await read(Filter.not(Filter.related('children', scoreAbove(minScore))))).map((p) => p.id)).toEqual(
              tables.parent.rows.map((p) => p['id']).filter((id) => !has.includes(id)),
            )
            // From the child side: a child matches exactly when its parent exists and is named as filtered.
            const named = rowsOf(
              await server.run({
                operation: 'read',
                entity: 'rel_child',
                orderBy: [{ field: 'id', direction: 'asc' }],
                first: -1,
                filter: Filter.related(
                  'parent',
                  Filter.comparison('eq', Filter.field('name'), Filter.literal('p1', 'string')),
                ),
              }),
            )
            expect(named.map((c) => c.id)).toEqual(
              tables.child.rows
                .filter((c) => c['parent_id'] === 1 && tables.parent.rows.length >= 1)
                .map((c) => c['id']),
            )
          })
        }),
        12,
      )
    },
  },
]
