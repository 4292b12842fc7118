import type { EntityConfig, RuntimeConfig } from '../config/runtime-config.js'
import type { EntityModel } from '../model/service-model.js'

/** How the reads of one entity are cached (the entity a request names; nested entities follow it, as in DAB). */
export interface EntityCacheSettings {
  readonly ttlMs: number
  /** Level `L1L2` with `runtime.cache.level-2` on: entries also go to the shared store. */
  readonly shared: boolean
}

/**
 * Data API builder's rules (RuntimeConfig.IsEntityCachingEnabled, GetEntityCacheEntryTtl, GetEntityCacheEntryLevel):
 * nothing is cached unless `runtime.cache.enabled`; an entity's `enabled` wins over the runtime's when given; its
 * `ttl-seconds` over the runtime's (default 5); its `level` over the one the runtime implies (`L1L2` when level-2
 * is on, else `L1`). A data source with `set-session-context` is never cached: its answers depend on the caller's
 * claims in ways the statement does not show.
 */
export function resolveEntityCache(config: RuntimeConfig, entity: EntityConfig): EntityCacheSettings | undefined {
  const runtime = config.runtime.cache
  if (!runtime.enabled || !(entity.cache.enabled ?? runtime.enabled)) return undefined
  if (config.dataSources.get(entity.dataSource)?.options['set-session-context'] === true) return undefined
  const level = entity.cache.level ?? (runtime.level2.enabled ? 'L1L2' : 'L1')
  return {
    ttlMs: (entity.cache.ttlSeconds ?? runtime.ttlSeconds) * 1000,
    shared: level === 'L1L2' && runtime.level2.enabled,
  }
}

/**
 * Whether running this stored procedure only reads, as its entity declares it: GraphQL `operation: query`, or REST
 * with GET as its only method (a safe method by HTTP's definition). Data API builder decides per request (GET and
 * GraphQL queries go through its cached query engine); the pipeline sees one `execute` for every protocol, so the
 * declaration decides. Such executions are cached like reads; any other procedure may change anything in its data
 * source, so its execution evicts all of it.
 */
export function isQueryProcedure(entity: EntityModel): boolean {
  const { graphql, rest } = entity
  const graphqlQuery = graphql.enabled && graphql.operation === 'query'
  const restGetOnly = rest.enabled && rest.methods.length > 0 && rest.methods.every((m) => m === 'get')
  return graphqlQuery || restGetOnly
}
