import type { ErrorContext, HttpResponse, SluiceError } from '@sluice/core/protocol'

/**
 * The error envelope `{"error":{"code","message","status"}}` REST uses, for failures under the OpenAPI and Swagger
 * UI paths (an unknown role, a role path in production, a rejected credential). Internal errors never show detail.
 */
export function encodeOpenApiError(error: SluiceError, context: ErrorContext): HttpResponse {
  const detail =
    context.mode === 'development' && error.devDetail !== undefined && error.status < 500 ? ` ${error.devDetail}` : ''
  const body = JSON.stringify({
    error: { code: error.wireCode, message: `${error.message}${detail}`, status: error.status },
  })
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (error.status === 401)
    headers['www-authenticate'] = typeof error.params['challenge'] === 'string' ? error.params['challenge'] : 'Bearer'
  return { status: error.status, headers, body }
}
