import { randomBytes } from 'node:crypto'
import type { AuthenticationProvider } from '../auth/authentication-provider.js'
import type { RuntimeConfig } from '../config/runtime-config.js'
import { SluiceContainer } from '../di/container.js'
import { OptionalTokens, Tokens } from '../di/tokens.js'
import { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { Dialect } from '../dialect/dialect.js'
import type { Driver } from '../dialect/driver.js'
import { SluiceError } from '../errors/sluice-error.js'
import { buildServiceModel, listSourceObjects } from '../model/build-service-model.js'
import type { ServiceModel } from '../model/service-model.js'
import type { Pipeline } from '../pipeline/pipeline.js'
import { createPluginRegistry } from '../plugin/create-plugin-registry.js'
import { orderPlugins } from '../plugin/order-plugins.js'
import type { SluicePlugin } from '../plugin/sluice-plugin.js'
import type { ProtocolPlugin } from '../protocol/protocol-plugin.js'
import type { ResponseEncoder, ResponseEncoderPlugin } from '../protocol/response-encoder.js'
import { findParameterDefaultProblems } from '../request/bind-parameters.js'
import { silentLogger, type Logger } from '../request/logger.js'
import { closeResponseCache, setUpResponseCache } from '../cache/set-up-response-cache.js'
import type { ChangeFeed } from '../live/change-feed.js'
import { setUpLiveData } from '../live/set-up-live-data.js'
import { SubscriptionHub } from '../live/subscription-hub.js'
import { expandAutoentities } from './expand-autoentities.js'
import { openDataSources } from './open-data-sources.js'
import { registerDefaults } from './register-defaults.js'
import {
  DEFAULT_STATISTICS_REFRESH_MS,
  startStatisticsRefresh,
  type StatisticsRefresh,
} from './start-statistics-refresh.js'
import { ModelStatistics } from '../request/model-statistics.js'

export interface CreateSluiceOptions {
  readonly config: RuntimeConfig
  /** Dialect plugins (one must serve the config's database-type), protocol plugins and any others. */
  readonly plugins: readonly SluicePlugin[]
  readonly log?: Logger
  /** Secret that seals pagination cursors; random per process when omitted (cursors then die with the process). */
  readonly cursorSecret?: string | Uint8Array
  /**
   * How often the databases' statistics, which bound each read's estimated cost (`runtime.limits.max-query-cost`),
   * are read again in the background: default 5 minutes; 0 reads them only at start-up.
   */
  readonly statisticsRefreshMs?: number
}

/** A booted Sluice: the model, the pipeline and the parts protocols and servers need. Transport-independent. */
export interface Sluice {
  /** The config it serves: the one given, plus the entities its `autoentities` generated (each with `autoentity`). */
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  readonly pipeline: Pipeline
  /** The default data source's dialect and driver (see `dataSources` for every source). */
  readonly dialect: Dialect
  readonly driver: Driver
  /** Every data source by name (`data-source-files`), each with its dialect, driver and compiler. */
  readonly dataSources: DataSourceRegistry
  readonly authentication: AuthenticationProvider
  readonly protocols: readonly ProtocolPlugin[]
  /** Response encoders (compression …) the server applies to every protocol's responses, in plugin order. */
  readonly encoders: readonly ResponseEncoder[]
  readonly container: SluiceContainer
  readonly log: Logger
  /** Live data's subscriptions, when some entity publishes its changes (`graphql.subscription`); else undefined. */
  readonly live: SubscriptionHub | undefined
  /** Closes every data source's driver (pools it owns) after in-flight work, and ends every subscription. */
  close(): Promise<void>
}

/**
 * Boots Sluice: checks plugins, picks the dialect for the data source, connects, generates the `autoentities`
 * entities from each database's table list, introspects every configured object in one go, builds the service
 * model (refusing to start with every problem listed), reads the databases' statistics for the read-cost estimate
 * (then again in the background until `close`), fills the container, lets plugins register, and resolves the
 * pipeline. Nothing is registered after this returns.
 */
export async function createSluice(options: CreateSluiceOptions): Promise<Sluice> {
  const log = options.log ?? silentLogger
  const plugins = orderPlugins(options.plugins)
  const sources = await openDataSources(options.config, plugins, log)
  const dataSources = new DataSourceRegistry(sources)
  const { dialect, driver } = dataSources.default
  let container: SluiceContainer | undefined
  let statistics: StatisticsRefresh | undefined
  let live: { readonly hub: SubscriptionHub | undefined; readonly feed: ChangeFeed } | undefined
  const close = async (): Promise<void> => {
    live?.hub?.close('shutting down')
    // The feed live data used, or one a plugin provided that nothing used (no entity on a dialect with row images).
    const shared =
      container?.isRegistered(OptionalTokens.ChangeFeed) === true
        ? container.resolve(OptionalTokens.ChangeFeed)
        : undefined
    await Promise.all([live?.feed.close(), shared === live?.feed ? undefined : shared?.close()])
    await statistics?.stop()
    await Promise.all([
      ...sources.map((s) => s.driver.destroy()),
      container === undefined ? undefined : closeResponseCache(container),
    ])
  }
  try {
    // autoentities first: the entities they generate are introspected, modelled and served like the config's own.
    const { config, warnings, generated } = await expandAutoentities(options.config, sources)
    for (const line of generated) log.info(line)
    for (const warning of warnings) log.warn(warning)
    // Each data source introspects its own entities' objects, all sources at once.
    const metadata = new Map(
      await Promise.all(
        sources.map(
          async (s) =>
            [
              s.name,
              await s.dialect.createIntrospector(s.driver).introspect(listSourceObjects(config, s.name)),
            ] as const,
        ),
      ),
    )
    const model = buildServiceModel(config, metadata, new Map(sources.map((s) => [s.name, s.dialect.capabilities])))
    for (const warning of model.warnings) log.warn(warning)
    const defaultProblems = findParameterDefaultProblems(model)
    if (defaultProblems.length > 0) {
      throw new SluiceError('SLUICE_ERR_MODEL', {
        count: defaultProblems.length,
        problems: defaultProblems.map((p) => `  - ${p}`).join('\n'),
      })
    }
    // The catalog's row estimates bound each read's cost; read now and refreshed in the background, never per request.
    const figures = new ModelStatistics()
    const intervalMs = options.statisticsRefreshMs ?? DEFAULT_STATISTICS_REFRESH_MS
    statistics = await startStatisticsRefresh({ model, sources, log, intervalMs, statistics: figures })
    container = new SluiceContainer()
    registerDefaults(container, {
      config,
      model,
      log,
      dataSources,
      statistics: figures,
      cursorSecret: options.cursorSecret ?? randomBytes(32),
    })
    const registry = createPluginRegistry(container, config, log)
    for (const plugin of plugins) await plugin.register?.(registry.forPlugin(plugin.name))
    await setUpResponseCache(container, registry.forPlugin('@sluice/core:response-cache'), {
      config,
      model,
      dataSources,
      log,
    })
    const liveData = setUpLiveData(container, registry.forPlugin('@sluice/core:live'), {
      config,
      model,
      dataSources,
      log,
    })
    if (liveData !== undefined) live = { hub: undefined, feed: liveData.feed }
    container.register(Tokens.PipelineHooks, { useValue: Object.freeze([...registry.hooks]) })
    registry.seal()
    const pipeline = container.resolve(Tokens.Pipeline)
    const hub =
      liveData === undefined
        ? undefined
        : new SubscriptionHub({ config, model, pipeline, feed: liveData.feed, publishing: liveData.publishing, log })
    if (liveData !== undefined) live = { hub, feed: liveData.feed }
    return Object.freeze({
      config,
      model,
      pipeline,
      dialect,
      driver,
      dataSources,
      log,
      container,
      live: hub,
      authentication: container.resolve(Tokens.AuthenticationProvider),
      protocols: plugins.filter(isProtocolPlugin),
      encoders: plugins
        .filter(isResponseEncoderPlugin)
        .map((p) => p.createEncoder(config))
        .filter((e): e is ResponseEncoder => e !== undefined),
      close,
    })
  } catch (error) {
    await close().catch(() => undefined)
    throw error
  }
}

function isResponseEncoderPlugin(p: SluicePlugin): p is ResponseEncoderPlugin {
  return (p as Partial<ResponseEncoderPlugin>).kind === 'response-encoder'
}

function isProtocolPlugin(p: SluicePlugin): p is ProtocolPlugin {
  return (p as Partial<ProtocolPlugin>).kind === 'protocol'
}
