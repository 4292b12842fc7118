import cluster from 'node:cluster'
import type { Logger, RuntimeConfig, SluicePlugin } from '@sluice/core'

/**
 * The response cache's shared store and live data's shared change feed, when `runtime.cache.level-2` asks for Redis —
 * for the cache (`runtime.cache.enabled`) or for an entity that publishes its changes (`graphql.subscription`) — and
 * the plugins given do not bring one: `@sluice/plugin-cache-redis` is imported only then (and loads its Redis client
 * only when it registers). With
 * `log`, a `--workers` process caching without level 2 is warned that its writes evict in its own worker only.
 */
export async function cachePlugins(
  config: RuntimeConfig,
  plugins: readonly SluicePlugin[],
  log?: Logger,
): Promise<SluicePlugin[]> {
  const { cache } = config.runtime
  if (cache.enabled && !cache.level2.enabled && cluster.isWorker) {
    log?.warn(
      'runtime.cache is on without level-2 in a --workers process: each worker caches on its own, and a write evicts only the answers of the worker that made it. Turn on runtime.cache.level-2 (Redis) so that writes evict in every worker.',
    )
  }
  const live = [...config.entities.values()].some((e) => e.graphql.subscription.enabled)
  if (!(cache.enabled || live) || !cache.level2.enabled || plugins.some((p) => p.name === '@sluice/plugin-cache-redis'))
    return []
  const { redisCachePlugin } = await import('@sluice/plugin-cache-redis')
  return [redisCachePlugin()]
}
