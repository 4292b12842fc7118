import type { ServiceModel, RuntimeConfig } from '@sluice/core'
import type { ApiType } from '@sluice/plugin-telemetry'

export interface RouteClass {
  readonly apiType: ApiType
  /** Bounded route for metrics (`/api/Book`, `/graphql`, `/health`); unknown paths collapse to a pattern. */
  readonly endpoint: string
  /** Data API builder's span name: `GET Book` for REST, `POST /graphql`, otherwise method and route. */
  readonly spanName: string
}

/**
 * Tells which protocol a request is for, and names it without raw client input (span names and metric attributes
 * must stay few): REST by the first path segment after the prefix when it is an entity's (else `*`), GraphQL and
 * MCP by their paths, anything else by fastify's route pattern.
 */
export function createRouteClassifier(
  config: RuntimeConfig,
  model: ServiceModel,
): (method: string, path: string, routePattern: string | undefined) => RouteClass {
  const { rest, graphql, mcp } = config.runtime
  const restSegments = new Set(
    [...model.entities.values()].filter((e) => e.rest.enabled).map((e) => e.rest.path.split('/')[0]!),
  )
  restSegments.add('openapi')
  const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`)
  return (method, path, routePattern) => {
    if (rest.enabled && under(path, rest.path)) {
      const segment = path.slice(rest.path.length + 1).split('/')[0] ?? ''
      const known = restSegments.has(segment) ? segment : '*'
      return { apiType: 'REST', endpoint: `${rest.path}/${known}`, spanName: `${method} ${known}` }
    }
    if (graphql.enabled && under(path, graphql.path))
      return { apiType: 'GraphQL', endpoint: graphql.path, spanName: `${method} ${graphql.path}` }
    if (mcp.enabled && under(path, mcp.path))
      return { apiType: 'MCP', endpoint: mcp.path, spanName: `${method} ${mcp.path}` }
    const route = routePattern ?? '(unmatched)'
    return { apiType: 'Other', endpoint: route, spanName: `${method} ${route}` }
  }
}
