import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config/load-config.js'
import type { EntityModel } from '../model/service-model.js'
import { isQueryProcedure, resolveEntityCache } from './resolve-entity-cache.js'

function settings(runtimeCache: unknown, entityCache?: unknown, options: Record<string, unknown> = {}) {
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'postgres://h/db', options },
      runtime: { cache: runtimeCache },
      entities: {
        Book: {
          source: 'books',
          permissions: [{ role: 'anonymous', actions: ['read'] }],
          ...(entityCache === undefined ? {} : { cache: entityCache }),
        },
      },
    },
    { baseDir: '/tmp', env: {} },
  )
  return resolveEntityCache(config, config.entities.get('Book')!)
}

const REDIS = { enabled: true, provider: 'redis', 'connection-string': 'localhost:6379' }

describe("resolveEntityCache (Data API builder's inheritance)", () => {
  it('caches nothing unless runtime.cache.enabled, whatever the entity says', () => {
    expect(settings({ enabled: false }, { enabled: true })).toBeUndefined()
    expect(settings(undefined, { enabled: true, 'ttl-seconds': 9 })).toBeUndefined()
  })

  it('inherits enabled and ttl-seconds (5 by default) from the runtime, and lets the entity override both', () => {
    expect(settings({ enabled: true })).toEqual({ ttlMs: 5000, shared: false })
    expect(settings({ enabled: true, 'ttl-seconds': 30 })).toEqual({ ttlMs: 30_000, shared: false })
    expect(settings({ enabled: true, 'ttl-seconds': 30 }, { 'ttl-seconds': 2 })).toEqual({ ttlMs: 2000, shared: false })
    expect(settings({ enabled: true }, { enabled: false })).toBeUndefined()
  })

  it('uses level 2 when it is on, unless the entity asks for L1; L1L2 without level 2 stays in memory', () => {
    expect(settings({ enabled: true, 'level-2': REDIS })).toEqual({ ttlMs: 5000, shared: true })
    expect(settings({ enabled: true, 'level-2': REDIS }, { level: 'L1' })).toEqual({ ttlMs: 5000, shared: false })
    expect(settings({ enabled: true }, { level: 'L1L2' })).toEqual({ ttlMs: 5000, shared: false })
  })

  it('never caches a data source with set-session-context', () => {
    expect(settings({ enabled: true }, undefined, { 'set-session-context': true })).toBeUndefined()
  })
})

describe('isQueryProcedure', () => {
  const procedure = (graphql: Partial<EntityModel['graphql']>, rest: Partial<EntityModel['rest']>): EntityModel =>
    ({
      graphql: { enabled: true, operation: undefined, subscription: { enabled: false, events: [] }, ...graphql },
      rest: { enabled: true, methods: ['post'], ...rest },
    }) as unknown as EntityModel

  it('takes a GraphQL query or a GET-only REST entity for a read, anything else for a possible write', () => {
    expect(isQueryProcedure(procedure({ operation: 'query' }, { methods: ['get', 'post'] }))).toBe(true)
    expect(isQueryProcedure(procedure({ operation: 'mutation' }, { methods: ['get'] }))).toBe(true)
    expect(isQueryProcedure(procedure({ enabled: false }, { methods: ['get'] }))).toBe(true)
    expect(isQueryProcedure(procedure({}, {}))).toBe(false)
    expect(isQueryProcedure(procedure({ operation: 'query', enabled: false }, { methods: ['get', 'post'] }))).toBe(
      false,
    )
    expect(isQueryProcedure(procedure({ enabled: false }, { enabled: false, methods: ['get'] }))).toBe(false)
  })
})
