import type { Logger } from '@sluice/core'
import { LEVELS } from './create-logger.js'

/**
 * Sluice's loggers, named after the Data API builder classes that log the same things, so a DAB config's
 * `runtime.telemetry.log-level` keys (`"Azure.DataApiBuilder.Core": "debug"`, …) carry over unchanged.
 */
export const LOG_CATEGORIES = {
  /** Per-request lines of every protocol (fastify's request log): DAB's controllers. */
  requests: 'Azure.DataApiBuilder.Service.Controllers.RestController',
  /** The request pipeline, dialects and their drivers: DAB's query engine. */
  pipeline: 'Azure.DataApiBuilder.Core.Resolvers.SqlQueryEngine',
  /** `/health`. */
  health: 'Azure.DataApiBuilder.Service.HealthCheck.ComprehensiveHealthReportResponseWriter',
  /** Start-up of optional services (telemetry). */
  startup: 'Azure.DataApiBuilder.Service.Startup',
} as const

/**
 * The level for a category as Data API builder picks it: the longest `log-level` key the category starts with,
 * else `default`; `undefined` when neither is configured (the process logger's own level applies).
 */
export function resolveLogLevel(levels: Readonly<Record<string, string>>, category: string): string | undefined {
  let best: string | undefined
  for (const key of Object.keys(levels)) {
    if (key.toLowerCase() !== 'default' && category.startsWith(key) && (best === undefined || key.length > best.length))
      best = key
  }
  return best !== undefined
    ? levels[best]
    : Object.entries(levels).find(([key]) => key.toLowerCase() === 'default')?.[1]
}

/**
 * `log` for one category: a pino child at the category's level (its namespace's, else `default`'s) when that differs
 * from `log`'s own, else `log` itself. Loggers that are not pino (no two-argument `child`) are returned unchanged.
 */
export function createCategoryLogger(log: Logger, levels: Readonly<Record<string, string>>, category: string): Logger {
  const level = resolveLogLevel(levels, category)
  const pinoLevel = level === undefined ? undefined : LEVELS[level.toLowerCase()]
  const pino = log as { level?: unknown; child?: (bindings: object, options?: { level?: string }) => Logger }
  if (pinoLevel === undefined || pinoLevel === pino.level || pino.child === undefined) return log
  return pino.child.call(log, {}, { level: pinoLevel })
}

/**
 * `log-level` keys that name none of Sluice's loggers (Data API builder refuses them at start-up; Sluice warns).
 * A key is valid when it is `default` or a whole-segment prefix of a category (`Azure.DataApiBuilder.Core` is,
 * `Azure.DataApiB` is not).
 */
export function findUnknownLogCategories(levels: Readonly<Record<string, string>>): string[] {
  const categories = Object.values(LOG_CATEGORIES)
  return Object.keys(levels).filter(
    (key) =>
      key.toLowerCase() !== 'default' &&
      !categories.some((category) => category === key || category.startsWith(`${key}.`)),
  )
}
