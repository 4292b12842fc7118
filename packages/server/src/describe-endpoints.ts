import type { RuntimeConfig } from '@sluice/core'

/**
 * The start-up line's list of what `sluice start` serves with its default plugins, as absolute URLs, so a newcomer
 * can click straight into each protocol.
 */
export function describeEndpoints(config: RuntimeConfig, address: string): string {
  const { rest, graphql, mcp, host } = config.runtime
  const parts: string[] = []
  if (rest.enabled)
    parts.push(`REST ${address}${rest.path}`, `OpenAPI ${address}${rest.path.replace(/\/$/, '')}/openapi`)
  if (graphql.enabled) parts.push(`GraphQL ${address}${graphql.path}`)
  if (mcp.enabled) parts.push(`MCP ${address}${mcp.path}`)
  if (rest.enabled && host.mode === 'development') parts.push(`Swagger UI ${address}/swagger`)
  return parts.length === 0 ? 'no protocol enabled' : parts.join(', ')
}
