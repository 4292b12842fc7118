import { singleHeader, SluiceError, type HttpRequest } from '@sluice/core'

/** The GraphQL-over-HTTP request parameters (SPEC §GraphQL: `query`, `variables`, `operationName`). */
export interface GraphQLParams {
  readonly query: string
  readonly variables: Readonly<Record<string, unknown>>
  readonly operationName: string | undefined
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * Reads the parameters of a POST (JSON body; `application/graphql` bodies are the query text) or a GET (query
 * string; `variables` JSON-encoded). `undefined` for a GET without `query` — the GraphiQL page in development.
 * Anything malformed is a 400 in GraphQL's envelope.
 */
export function readGraphQLParams(request: HttpRequest): GraphQLParams | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const search = new URLSearchParams(request.query)
    const query = search.get('query')
    if (query === null) return undefined
    const variables = search.get('variables')
    return checked(query, variables === null ? undefined : parseJson(variables, 'variables'), search.get('operationName') ?? undefined)
  }
  const type = singleHeader(request, 'content-type').value ?? 'application/json'
  if (/^application\/graphql\s*(?:;|$)/i.test(type)) return checked(request.body ?? '', undefined, undefined)
  if (!JSON_TYPE.test(type)) throw new SluiceError('SLUICE_ERR_UNSUPPORTED_MEDIA_TYPE', { type })
  if (request.body === undefined || request.body.trim() === '') throw bad('the body is empty; send {"query": "…"}.')
  const body = parseJson(request.body, 'body')
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('the body must be a JSON object with a "query" string (batched arrays are not supported).')
  const { query, variables, operationName } = body as Record<string, unknown>
  return checked(query, variables, operationName)
}

function checked(query: unknown, variables: unknown, operationName: unknown): GraphQLParams {
  if (typeof query !== 'string' || query.trim() === '') throw new SluiceError('SLUICE_ERR_GRAPHQL_OPERATION', { detail: 'Send the GraphQL document as a non-empty "query" string.' })
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) throw bad('"variables" must be a JSON object.')
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw bad('"operationName" must be a string.')
  return {
    query,
    variables: (variables ?? {}) as Record<string, unknown>,
    operationName: typeof operationName === 'string' && operationName !== '' ? operationName : undefined,
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw bad(`${what} is not valid JSON.`)
  }
}

function bad(detail: string): SluiceError {
  return new SluiceError('SLUICE_ERR_BAD_REQUEST', { detail })
}
