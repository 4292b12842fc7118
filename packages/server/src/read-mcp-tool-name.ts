import type { FastifyRequest } from 'fastify'

/**
 * The tool an MCP `tools/call` request names (Data API builder's `mcp.tool.name`), read from the JSON-RPC body only
 * when the body mentions `tools/call` at all; `undefined` for anything else, batches name their first call.
 */
export function readMcpToolName(request: FastifyRequest): string | undefined {
  const body = request.body
  if (typeof body !== 'string' || !body.includes('tools/call')) return undefined
  try {
    const parsed = JSON.parse(body) as unknown
    const messages = Array.isArray(parsed) ? parsed : [parsed]
    for (const message of messages) {
      const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } }
      if (method === 'tools/call' && typeof params?.name === 'string') return params.name
    }
  } catch {
    // Not JSON: the MCP plugin answers with its own error.
  }
  return undefined
}
