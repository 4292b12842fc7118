import type { RuntimeConfig } from '../config/runtime-config.js'
import type { EntityModel } from '../model/service-model.js'
import type { PipelineHooks } from '../pipeline/pipeline-hooks.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { PlanIntent } from './caching-execute-stage.js'
import { isQueryProcedure, resolveEntityCache } from './resolve-entity-cache.js'

/**
 * A plan-stage hook that tells the caching execute stage what each plan is for: the execute stage sees only the
 * plan, but whether a read is cached depends on the entity the request named (several entities may share a table)
 * and whether a stored procedure only reads depends on how its entity is exposed. Nothing per request but a
 * WeakMap entry; the decisions are made once per entity.
 */
export function createCachePlanHook(config: RuntimeConfig, intents: WeakMap<ExecutionPlan, PlanIntent>): PipelineHooks {
  const reads = new Map<EntityModel, PlanIntent>()
  const executions = new Map<EntityModel, PlanIntent>()
  const intentOf = (operation: string, entity: EntityModel): PlanIntent | undefined => {
    if (operation === 'read') return memo(reads, entity, () => ({ kind: 'read', cache: resolveEntityCache(config, entity.config) }))
    if (operation !== 'execute') return undefined
    return memo(executions, entity, () => (isQueryProcedure(entity) ? { kind: 'read', cache: resolveEntityCache(config, entity.config) } : { kind: 'write' }))
  }
  return {
    name: 'response-cache',
    onPlan(event) {
      const intent = intentOf(event.input.operation, event.input.entity)
      if (intent === undefined) return undefined
      return ({ output }) => {
        intents.set(output, intent)
      }
    },
  }
}

function memo(map: Map<EntityModel, PlanIntent>, entity: EntityModel, make: () => PlanIntent): PlanIntent {
  let intent = map.get(entity)
  if (intent === undefined) map.set(entity, (intent = Object.freeze(make())))
  return intent
}
