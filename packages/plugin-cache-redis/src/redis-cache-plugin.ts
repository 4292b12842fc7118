import { OptionalTokens, SluiceError, type SluicePlugin } from '@sluice/core'
import { parseRedisConnectionString, redact } from './parse-redis-connection-string.js'
import { RedisCacheStore } from './redis-cache-store.js'
import { RedisChangeFeed } from './redis-change-feed.js'

export interface RedisCachePluginOptions {
  /** How long start-up waits for Redis before serving without it (it keeps trying in the background). Default 3 s. */
  readonly startWaitMs?: number
}

/** Reconnect back-off: quick at first, then every few seconds for as long as Redis is away. */
const RECONNECT_MS = (attempt: number): number => Math.min(100 * 2 ** Math.min(attempt, 6), 3000)
const CONNECT_TIMEOUT_MS = 2000
/** A cache that answers slower than this is no faster than the database: give up and read the database. */
const COMMAND_TIMEOUT_MS = 500

/**
 * The Redis level-2 cache and backplane for `runtime.cache.level-2` (`provider: redis`). Does nothing unless
 * `runtime.cache.enabled` and `level-2.enabled`; then it loads ioredis (only then), connects to
 * `connection-string` (a StackExchange.Redis configuration string, as Data API builder takes, or a redis:// URL)
 * and provides core's `SharedCacheStore`. When some entity publishes its changes (`graphql.subscription`) it also
 * provides live data's shared `ChangeFeed` (`RedisChangeFeed`), with or without the cache. Keys and channels are
 * prefixed with `partition_` when one is set.
 */
export function redisCachePlugin(options: RedisCachePluginOptions = {}): SluicePlugin {
  return {
    name: '@sluice/plugin-cache-redis',
    core: '^0.1.0',
    async register(registry) {
      const { cache } = registry.config.runtime
      // The shared cache, and live data's shared change feed when some entity publishes its changes.
      const wantsCache = cache.enabled
      const wantsFeed = [...registry.config.entities.values()].some((e) => e.graphql.subscription.enabled)
      if (!cache.level2.enabled || (!wantsCache && !wantsFeed)) return
      const connectionString = cache.level2.connectionString ?? ''
      let parsed: ReturnType<typeof parseRedisConnectionString>
      try {
        parsed = parseRedisConnectionString(connectionString)
      } catch (error) {
        throw new SluiceError('SLUICE_ERR_CONFIG', {
          count: 1,
          problems: `  - runtime.cache.level-2.connection-string: ${redact((error as Error).message)} (Data API builder: the "redis" level2 cache provider requires a valid connection-string)`,
        })
      }
      const { endpoint, ignored } = parsed
      for (const line of ignored)
        registry.log.warn(`runtime.cache.level-2.connection-string: ${line} is not used by Sluice.`)
      const { Redis } = await import('ioredis')
      const prefix =
        cache.level2.partition === undefined || cache.level2.partition === '' ? 'sluice_' : `${cache.level2.partition}_`
      const createClient = () =>
        new Redis({
          host: endpoint.host,
          port: endpoint.port,
          username: endpoint.username,
          password: endpoint.password,
          db: endpoint.db,
          tls: endpoint.tls === undefined ? undefined : { servername: endpoint.tls.servername ?? endpoint.host },
          connectionName: endpoint.clientName,
          connectTimeout: endpoint.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
          commandTimeout: endpoint.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          autoResubscribe: false,
          retryStrategy: RECONNECT_MS,
        })
      const waitMs = options.startWaitMs ?? 3000
      if (wantsCache) {
        const store = new RedisCacheStore({
          prefix,
          endpoint: `${endpoint.host}:${endpoint.port}`,
          log: registry.log,
          createClient,
        })
        await store.start(waitMs)
        registry.provide(OptionalTokens.SharedCacheStore, { useValue: store })
      }
      if (wantsFeed) {
        const feed = new RedisChangeFeed({ prefix, createClient, log: registry.log })
        await feed.start(waitMs)
        registry.provide(OptionalTokens.ChangeFeed, { useValue: feed })
      }
    },
  }
}
