import type { ErrorContext, HttpResponse, SluiceError } from '@sluice/core'

/**
 * REST's error envelope `{"error":{"code","message","status"}}`. In development mode the database's own message
 * (or another detail the error carries) is appended; production never shows it. Internal errors never show their
 * cause. A 401 gets `WWW-Authenticate` from the error's `challenge` param (`Bearer` when it has none).
 */
export function encodeRestError(error: SluiceError, context: ErrorContext): HttpResponse {
  const detail = context.mode === 'development' && error.devDetail !== undefined && error.status < 500 ? ` ${error.devDetail}` : ''
  const devDatabase = context.mode === 'development' && error.code === 'SLUICE_ERR_DATABASE' && error.devDetail !== undefined ? ` ${error.devDetail}` : ''
  const body = JSON.stringify({ error: { code: error.wireCode, message: `${error.message}${detail}${devDatabase}`, status: error.status } })
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (error.code === 'SLUICE_ERR_METHOD_NOT_ALLOWED' && typeof error.params['allow'] === 'string') headers['allow'] = error.params['allow']
  // RFC 9110 §15.5.2: a 401 carries a challenge; the authentication provider names it (e.g. Bearer error="invalid_token").
  if (error.status === 401) headers['www-authenticate'] = typeof error.params['challenge'] === 'string' ? error.params['challenge'] : 'Bearer'
  return { status: error.status, headers, body }
}
