import type { RuntimeConfig } from '../config/runtime-config.js'
import type { SluiceContainer } from '../di/container.js'
import { OptionalTokens, Tokens } from '../di/tokens.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { ServiceModel } from '../model/service-model.js'
import type { PluginRegistry } from '../plugin/plugin-registry.js'
import type { Logger } from '../request/logger.js'
import { LocalChangeFeed, type ChangeFeed } from './change-feed.js'
import { PublishingExecuteStage } from './publishing-execute-stage.js'

export interface LiveDataParts {
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  readonly dataSources: DataSourceRegistry
  readonly log: Logger
}

/** Live data as boot set it up: the feed, and the entities that publish their changes. */
export interface LiveDataSetUp {
  readonly feed: ChangeFeed
  readonly publishing: ReadonlySet<string>
}

/**
 * Puts live data into the pipeline when some entity enables `graphql.subscription`: the execute stage wrapped by
 * `PublishingExecuteStage`, publishing into the feed a plugin provided (`OptionalTokens.ChangeFeed`, shared by every
 * instance) or a feed within this process. Says at start-up which entities publish and what they see. Without such
 * an entity nothing is loaded or registered and writes pay nothing.
 */
export function setUpLiveData(
  container: SluiceContainer,
  registry: PluginRegistry,
  parts: LiveDataParts,
): LiveDataSetUp | undefined {
  const { model, dataSources, log } = parts
  const asking = [...model.entities.values()].filter((e) => e.graphql.subscription.enabled && e.procedure === undefined)
  if (asking.length === 0) return undefined
  const publishing = new Set<string>()
  for (const entity of asking) {
    if (dataSources.get(entity.dataSource).dialect.capabilities.rowImages) publishing.add(entity.name)
    else
      log.warn(
        `Entity ${entity.name} enables graphql.subscription, but its data source's dialect cannot return row images yet: it publishes no changes and cannot be subscribed to.`,
      )
  }
  if (publishing.size === 0) return undefined
  const shared = container.isRegistered(OptionalTokens.ChangeFeed)
  const feed = shared ? container.resolve(OptionalTokens.ChangeFeed) : new LocalChangeFeed()
  registry.provide(Tokens.ExecuteStage, {
    useValue: new PublishingExecuteStage(container.resolve(Tokens.ExecuteStage), feed),
  })
  log.info(
    `Live data: ${[...publishing].join(', ')} publish their changes ${shared ? 'to every instance sharing the change feed' : 'within this process'}; ` +
      "subscriptions see Sluice's own writes only (changes made by other writers are not seen).",
  )
  return { feed, publishing }
}
