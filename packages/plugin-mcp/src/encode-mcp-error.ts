import type { ErrorContext, HttpResponse, SluiceError } from '@sluice/core/protocol'

/**
 * Failures at the MCP endpoint before a tool runs (authentication, unknown routes, oversized bodies) as a JSON-RPC
 * error response with the HTTP status REST would use; `data` carries REST's error code and status. A 401 carries
 * the provider's challenge as REST's does.
 */
export function encodeMcpError(error: SluiceError, context: ErrorContext): HttpResponse {
  const detail =
    context.mode === 'development' && error.devDetail !== undefined && error.status < 500 ? ` ${error.devDetail}` : ''
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32000, message: `${error.message}${detail}`, data: { code: error.wireCode, status: error.status } },
  })
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (error.status === 401)
    headers['www-authenticate'] = typeof error.params['challenge'] === 'string' ? error.params['challenge'] : 'Bearer'
  return { status: error.status, headers, body }
}
