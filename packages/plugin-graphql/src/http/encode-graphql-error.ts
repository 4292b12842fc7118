import type { ErrorContext, HttpResponse, SluiceError } from '@sluice/core/protocol'
import { formatSluiceError } from './format-errors.js'

/**
 * GraphQL's envelope for a request that fails before execution (authentication, a malformed body, a GET mutation):
 * `{"errors":[{message, extensions:{code, status}}]}` with the error's HTTP status. A 401 carries the provider's
 * challenge as REST's does; a 405 names the allowed method.
 */
export function encodeGraphQLError(error: SluiceError, context: ErrorContext): HttpResponse {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }
  if (error.status === 401)
    headers['www-authenticate'] = typeof error.params['challenge'] === 'string' ? error.params['challenge'] : 'Bearer'
  if (error.status === 405) headers['allow'] = 'GET, POST'
  if (error.code === 'SLUICE_ERR_GRAPHQL_MUTATION_GET') headers['allow'] = 'POST'
  return { status: error.status, headers, body: JSON.stringify({ errors: [formatSluiceError(error, context.mode)] }) }
}
