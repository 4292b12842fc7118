import type { ProtocolPlugin } from '@sluice/core/protocol'
import { buildTools } from './build-tools.js'
import { encodeMcpError } from './encode-mcp-error.js'

/**
 * MCP (Data API builder's "SQL MCP Server") over Streamable HTTP at `runtime.mcp.path` (default `/mcp`) when
 * `runtime.mcp.enabled` (default true). Its tools run through core's pipeline, so an agent has exactly the access the
 * same role has over REST. For stdio see `serveMcpStdio`.
 */
export function mcpPlugin(): ProtocolPlugin {
  return {
    kind: 'protocol',
    protocol: 'mcp',
    name: '@sluice/plugin-mcp',
    core: '^0.1.0',
    prefix: (config) => (config.runtime.mcp.enabled ? config.runtime.mcp.path : undefined),
    async mount(host) {
      // The SDK loads only when MCP is mounted, so CLI commands that serve nothing (--help, validate) skip it.
      const { createMcpHttpHandler } = await import('./handle-mcp-http.js')
      const handler = createMcpHttpHandler(host, buildTools(host))
      host.route({ method: ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'], url: '/', handler })
    },
    encodeError: encodeMcpError,
  }
}
