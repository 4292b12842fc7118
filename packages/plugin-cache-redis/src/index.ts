/** The plugin: Redis as the response cache's shared level and backplane (`runtime.cache.level-2`). */
export { redisCachePlugin, type RedisCachePluginOptions } from './redis-cache-plugin.js'
/** Data API builder's (StackExchange.Redis) connection strings and redis:// URLs, read into an endpoint. */
export {
  parseRedisConnectionString,
  type ParsedRedisConnection,
  type RedisEndpoint,
} from './parse-redis-connection-string.js'
