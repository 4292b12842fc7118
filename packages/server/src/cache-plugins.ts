import type { RuntimeConfig, SluicePlugin } from '@sluice/core'
import { redisCachePlugin } from '@sluice/plugin-cache-redis'

/**
 * The response cache's shared store, when `runtime.cache.level-2` asks for Redis and the plugins given do not bring
 * one. The plugin loads its Redis client only when it registers with the cache and level 2 both on.
 */
export function cachePlugins(config: RuntimeConfig, plugins: readonly SluicePlugin[]): SluicePlugin[] {
  const { cache } = config.runtime
  if (!cache.enabled || !cache.level2.enabled || plugins.some((p) => p.name === '@sluice/plugin-cache-redis')) return []
  return [redisCachePlugin()]
}
