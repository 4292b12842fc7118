import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config/load-config.js'
import type { EntityModel } from '../model/service-model.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import { PlanIntents } from './plan-intents.js'

const config = parseConfig(
  {
    'data-source': { 'database-type': 'postgresql', 'connection-string': 'postgres://h/db' },
    runtime: { cache: { enabled: true, 'ttl-seconds': 7 } },
    entities: {
      Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] },
      Uncached: { source: 'books', cache: { enabled: false }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
    },
  },
  { baseDir: '/tmp', env: {} },
)

/** Just what PlanIntents reads of an entity: its config, and how a procedure is exposed. */
function entity(name: string, exposure: Partial<EntityModel> = {}): EntityModel {
  return {
    config: config.entities.get(name)!,
    graphql: { enabled: false },
    rest: { enabled: false, methods: [] },
    ...exposure,
  } as unknown as EntityModel
}

const plan = (kind: string, of?: EntityModel): ExecutionPlan => ({ kind, entity: of }) as unknown as ExecutionPlan

describe('PlanIntents', () => {
  const intents = new PlanIntents(config)

  it('reads the cache settings of the entity a select carries, once per entity (two entities may share a table)', () => {
    const book = entity('Book')
    expect(intents.of(plan('select', book))).toEqual({ kind: 'read', cache: { ttlMs: 7000, shared: false } })
    expect(intents.of(plan('select', book))).toBe(intents.of(plan('select', book)))
    expect(intents.of(plan('select', entity('Uncached')))).toEqual({ kind: 'read', cache: undefined })
  })

  it("reads from the database, uncached, a select that carries no entity (a plugin's own plan)", () => {
    expect(intents.of(plan('select'))).toEqual({ kind: 'read', cache: undefined })
  })

  it('treats a procedure as a read only when its entity is exposed as a query; every other plan may write', () => {
    const query = entity('Book', { graphql: { enabled: true, operation: 'query' } as EntityModel['graphql'] })
    expect(intents.of(plan('execute', query))).toMatchObject({ kind: 'read' })
    expect(
      intents.of(
        plan(
          'execute',
          entity('Uncached', { graphql: { enabled: true, operation: 'mutation' } as EntityModel['graphql'] }),
        ),
      ),
    ).toEqual({ kind: 'write' })
    expect(intents.of(plan('execute'))).toEqual({ kind: 'write' })
    for (const kind of ['insert', 'update', 'upsert', 'delete', 'updateOrInsert'])
      expect(intents.of(plan(kind, entity('Book')))).toEqual({ kind: 'write' })
  })
})
