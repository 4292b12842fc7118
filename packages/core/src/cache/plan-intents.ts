import type { RuntimeConfig } from '../config/runtime-config.js'
import type { EntityModel } from '../model/service-model.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import { isQueryProcedure, resolveEntityCache, type EntityCacheSettings } from './resolve-entity-cache.js'

/**
 * What a plan is for, as the response cache sees it: a read and its entity's cache settings (undefined: not cached),
 * or a statement that may write (anything else, and a stored procedure not exposed as a query).
 */
export type PlanIntent =
  { readonly kind: 'read'; readonly cache: EntityCacheSettings | undefined } | { readonly kind: 'write' }

const WRITE: PlanIntent = Object.freeze({ kind: 'write' })
const UNCACHED_READ: PlanIntent = Object.freeze({ kind: 'read', cache: undefined })

/**
 * Each plan's intent, from the entity it carries (`SelectPlan.entity`, `ExecutePlan.entity`): whether a read is cached
 * depends on the entity the request named (several entities may share a table), and whether a procedure only reads
 * on how its entity is exposed. Decided once per entity; nothing per request but a map lookup.
 */
export class PlanIntents {
  readonly #reads = new Map<EntityModel, PlanIntent>()
  readonly #executions = new Map<EntityModel, PlanIntent>()

  constructor(private readonly config: RuntimeConfig) {}

  of(plan: ExecutionPlan): PlanIntent {
    switch (plan.kind) {
      case 'select': {
        // A select without its entity (a plugin's own plan) is read from the database, never cached.
        const entity = plan.entity
        return entity === undefined
          ? UNCACHED_READ
          : memo(this.#reads, entity, () => ({ kind: 'read', cache: resolveEntityCache(this.config, entity.config) }))
      }
      case 'execute': {
        const entity = plan.entity
        if (entity === undefined) return WRITE
        return memo(this.#executions, entity, () =>
          isQueryProcedure(entity) ? { kind: 'read', cache: resolveEntityCache(this.config, entity.config) } : WRITE,
        )
      }
      default:
        return WRITE
    }
  }
}

function memo(map: Map<EntityModel, PlanIntent>, entity: EntityModel, make: () => PlanIntent): PlanIntent {
  let intent = map.get(entity)
  if (intent === undefined) map.set(entity, (intent = Object.freeze(make())))
  return intent
}
