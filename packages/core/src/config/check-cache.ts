import type { ConfigReport } from './config-report.js'
import type { RuntimeConfig } from './runtime-config.js'

/**
 * `runtime.cache`: level 2 needs somewhere to connect (Data API builder refuses to start: "the "redis" level2 cache
 * provider requires a valid connection-string"). Entity cache settings that cannot take effect are warned about at
 * start-up by the cache itself, since they depend on the plugins present.
 */
export function checkCache(config: RuntimeConfig, report: ConfigReport): void {
  const { cache } = config.runtime
  if (cache.enabled && cache.level2.enabled && (cache.level2.connectionString ?? '').trim() === '') {
    report.addProblem(
      ['runtime', 'cache', 'level-2', 'connection-string'],
      'the "redis" level-2 cache needs a connection-string (host:port[,password=…][,ssl=true] or redis://host:port)',
    )
  }
}
