import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { HttpRequest, HttpResponse, ProtocolHost, RequestContext } from '@sluice/core/protocol'
import type { ToolSet } from './build-tools.js'
import { createAllowedHostCheck } from './check-allowed-host.js'
import { createMcpServer } from './create-mcp-server.js'

const JSON_TYPE = 'application/json; charset=utf-8'
/** Hop-by-hop and framing headers the web Request recomputes itself. */
const SKIPPED_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade'])

/**
 * Streamable HTTP, stateless: every POST gets its own SDK server and transport, answering with one JSON body (no SSE
 * stream, no `Mcp-Session-Id`). The caller's role comes from the server's authentication of this HTTP request, as for
 * REST. GET (the optional server-to-client stream) and DELETE (session end) have nothing to serve without sessions,
 * so they get 405 as the MCP specification allows. Requests failing the allowed-hosts guard get DAB's 403.
 */
export function createMcpHttpHandler(host: ProtocolHost, toolSet: ToolSet) {
  const checkHost = createAllowedHostCheck(host.config.runtime.mcp.allowedHosts)
  return async (request: HttpRequest, context: RequestContext): Promise<HttpResponse> => {
    const refusal = checkHost(request)
    if (refusal !== undefined) {
      return {
        status: 403,
        headers: { 'content-type': JSON_TYPE },
        body: JSON.stringify({ error: 'Forbidden', message: refusal }),
      }
    }
    if (request.method !== 'POST') {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages with POST.',
        },
      })
      return { status: 405, headers: { 'content-type': JSON_TYPE, allow: 'POST' }, body }
    }
    const server = createMcpServer(toolSet, host.config, host.log, () => context)
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    try {
      await server.connect(transport)
      const response = await transport.handleRequest(toWebRequest(request))
      return {
        status: response.status,
        headers: responseHeaders(response),
        body: response.body === null ? undefined : await response.text(),
      }
    } finally {
      await server.close()
    }
  }
}

function toWebRequest(request: HttpRequest): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || SKIPPED_HEADERS.has(name)) continue
    if (typeof value === 'string') headers.set(name, value)
    else for (const v of value) headers.append(name, v)
  }
  // The transport reads only the path; the host is fixed so a hostile Host header cannot make the URL unparsable.
  const url = `http://localhost${request.path}${request.query === '' ? '' : `?${request.query}`}`
  return new Request(url, { method: request.method, headers, body: request.body ?? '' })
}

function responseHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  return headers
}
