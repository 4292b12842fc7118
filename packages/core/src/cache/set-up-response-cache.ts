import type { SluiceContainer } from '../di/container.js'
import { OptionalTokens } from '../di/tokens.js'
import type { PluginRegistry } from '../plugin/plugin-registry.js'
import type { ResponseCacheParts } from './register-response-cache.js'

/**
 * Adds the response cache to the pipeline when `runtime.cache.enabled` (after plugins registered, so a plugin's
 * shared store and execute stage are in place). When it is off — the default — nothing is loaded or registered and
 * requests pay nothing; entities that enable caching then get one warning.
 */
export async function setUpResponseCache(
  container: SluiceContainer,
  registry: PluginRegistry,
  parts: ResponseCacheParts,
): Promise<void> {
  if (!parts.config.runtime.cache.enabled) {
    const asking = [...parts.config.entities.values()].filter((e) => e.cache.enabled === true).map((e) => e.name)
    if (asking.length > 0)
      parts.log.warn(
        `Entities ${asking.join(', ')} enable caching, but runtime.cache.enabled is not true: nothing is cached (as in Data API builder).`,
      )
    return
  }
  const { registerResponseCache } = await import('./register-response-cache.js')
  registerResponseCache(container, registry, parts)
}

/** Closes the shared cache store a plugin provided (its connections), if any. */
export async function closeResponseCache(container: SluiceContainer): Promise<void> {
  if (container.isRegistered(OptionalTokens.SharedCacheStore))
    await container.resolve(OptionalTokens.SharedCacheStore).close()
}
