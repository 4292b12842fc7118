import type { RuntimeConfig } from '../config/runtime-config.js'
import type { SluiceContainer } from '../di/container.js'
import { OptionalTokens, Tokens } from '../di/tokens.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { ServiceModel } from '../model/service-model.js'
import type { PluginRegistry } from '../plugin/plugin-registry.js'
import type { Logger } from '../request/logger.js'
import { CachingExecuteStage } from './caching-execute-stage.js'
import { PlanIntents } from './plan-intents.js'
import { buildObjectKinds } from './plan-tags.js'
import { ResponseCache } from './response-cache.js'

export interface ResponseCacheParts {
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  readonly dataSources: DataSourceRegistry
  readonly log: Logger
}

/**
 * Puts the response cache into the pipeline (`runtime.cache.enabled`): the execute stage wrapped by
 * `CachingExecuteStage`, which reads what each plan is for from the entity it carries and sees every statement,
 * multiple create's included. The shared store is the one a plugin provided (`OptionalTokens.SharedCacheStore`),
 * if any.
 */
export function registerResponseCache(
  container: SluiceContainer,
  registry: PluginRegistry,
  parts: ResponseCacheParts,
): void {
  const { config, model, dataSources, log } = parts
  const store = container.isRegistered(OptionalTokens.SharedCacheStore)
    ? container.resolve(OptionalTokens.SharedCacheStore)
    : undefined
  if (config.runtime.cache.level2.enabled && store === undefined) {
    log.warn(
      'runtime.cache.level-2 is enabled but no shared cache plugin is registered (@sluice/plugin-cache-redis): cached reads stay in this process and writes evict them here only.',
    )
  }
  if (!config.runtime.cache.level2.enabled) {
    const levels = [...config.entities.values()].filter((e) => e.cache.level === 'L1L2').map((e) => e.name)
    if (levels.length > 0)
      log.warn(
        `Entities ${levels.join(', ')} ask for cache level L1L2, but runtime.cache.level-2 is not enabled: their reads are cached in memory only (L1).`,
      )
  }
  const cache = new ResponseCache(store)
  const inner = container.resolve(Tokens.ExecuteStage)
  const stage = new CachingExecuteStage({
    inner,
    cache,
    intents: new PlanIntents(config),
    sources: dataSources,
    kinds: buildObjectKinds(model),
  })
  registry.provide(Tokens.ExecuteStage, { useValue: stage })
}
