import type { SluiceError } from '../errors/sluice-error.js'
import type { HttpResponse } from './http.js'
import type { ErrorContext } from './protocol-plugin.js'

/**
 * The specification's HTTP error envelope `{"error":{"code","message","status"}}` — what REST answers and what a
 * host answers for a path no protocol owns. In development mode the database's own message (or another detail the
 * error carries) is appended to a 4xx or a database error; production never shows it, and internal errors never show
 * their cause. A 405 carries `Allow`; a 401 carries a challenge (RFC 9110 §15.5.2) from the error's `challenge` param,
 * `Bearer` when it has none.
 */
export function encodeErrorEnvelope(error: SluiceError, context: ErrorContext): HttpResponse {
  const development = context.mode === 'development' && error.devDetail !== undefined
  const detail =
    development && (error.status < 500 || error.code === 'SLUICE_ERR_DATABASE') ? ` ${error.devDetail}` : ''
  const body = JSON.stringify({
    error: { code: error.wireCode, message: `${error.message}${detail}`, status: error.status },
  })
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (error.code === 'SLUICE_ERR_METHOD_NOT_ALLOWED' && typeof error.params['allow'] === 'string')
    headers['allow'] = error.params['allow']
  if (error.status === 401)
    headers['www-authenticate'] = typeof error.params['challenge'] === 'string' ? error.params['challenge'] : 'Bearer'
  return { status: error.status, headers, body }
}
