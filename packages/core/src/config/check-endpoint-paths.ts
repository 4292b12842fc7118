import type { ConfigReport } from './config-report.js'
import type { RuntimeConfig } from './runtime-config.js'

/**
 * The enabled protocols need distinct endpoint paths (`runtime.rest.path`, `runtime.graphql.path`,
 * `runtime.mcp.path`, compared as the router does: case-sensitively); two protocols on one path could not both be
 * mounted.
 */
export function checkEndpointPaths(config: RuntimeConfig, report: ConfigReport): void {
  const { rest, graphql, mcp } = config.runtime
  const endpoints: [string, boolean, string][] = [
    ['rest', rest.enabled, rest.path],
    ['graphql', graphql.enabled, graphql.path],
    ['mcp', mcp.enabled, mcp.path],
  ]
  const owners = new Map<string, string>()
  for (const [section, enabled, path] of endpoints) {
    if (!enabled) continue
    const owner = owners.get(path)
    if (owner === undefined) owners.set(path, section)
    else
      report.addProblem(
        ['runtime', section, 'path'],
        `'${path}' is already runtime.${owner}.path; give each protocol its own path`,
      )
  }
}
