import { exceedsDepth, singleHeader, SluiceError, type HttpRequest } from '@sluice/core/protocol'

/** The GraphQL-over-HTTP request parameters (SPEC §GraphQL: `query`, `variables`, `operationName`). */
export interface GraphQLParams {
  readonly query: string
  readonly variables: Readonly<Record<string, unknown>>
  readonly operationName: string | undefined
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
/** Deepest nesting of `{`, `[` and `(` a document may have: far beyond any real query, far below the stack's limit. */
const MAX_DOCUMENT_DEPTH = 256
const MAX_VARIABLES_DEPTH = 128

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
    return checked(
      query,
      variables === null ? undefined : parseJson(variables, 'variables'),
      search.get('operationName') ?? undefined,
    )
  }
  const type = singleHeader(request, 'content-type').value ?? 'application/json'
  if (/^application\/graphql\s*(?:;|$)/i.test(type)) return checked(request.body ?? '', undefined, undefined)
  if (!JSON_TYPE.test(type)) throw new SluiceError('SLUICE_ERR_UNSUPPORTED_MEDIA_TYPE', { type })
  if (request.body === undefined || request.body.trim() === '') throw bad('the body is empty; send {"query": "…"}.')
  const body = parseJson(request.body, 'body')
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('the body must be a JSON object with a "query" string (batched arrays are not supported).')
  const { query, variables, operationName } = body as Record<string, unknown>
  return checked(query, variables, operationName)
}

function checked(query: unknown, variables: unknown, operationName: unknown): GraphQLParams {
  if (typeof query !== 'string' || query.trim() === '')
    throw new SluiceError('SLUICE_ERR_GRAPHQL_OPERATION', {
      detail: 'Send the GraphQL document as a non-empty "query" string.',
    })
  // graphql-js parses, validates and coerces recursively: nesting beyond these would overflow the stack (a 500).
  if (nestingDepth(query) > MAX_DOCUMENT_DEPTH)
    throw bad(`the document nests more than ${MAX_DOCUMENT_DEPTH} levels of braces, brackets and parentheses.`)
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
    throw bad('"variables" must be a JSON object.')
  if (exceedsDepth(variables, MAX_VARIABLES_DEPTH))
    throw bad(`"variables" nest more than ${MAX_VARIABLES_DEPTH} levels deep.`)
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    throw bad('"operationName" must be a string.')
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

/** The deepest nesting of brackets in a GraphQL document, outside strings and comments (one pass, no recursion). */
function nestingDepth(query: string): number {
  let depth = 0
  let deepest = 0
  for (let i = 0; i < query.length; i++) {
    const c = query[i]
    if (c === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++
    } else if (c === '"') {
      const block = query.startsWith('"""', i)
      const end = block ? query.indexOf('"""', i + 3) : nextQuote(query, i + 1)
      if (end === -1) return deepest
      i = block ? end + 2 : end
    } else if (c === '{' || c === '[' || c === '(') {
      depth++
      if (depth > deepest) deepest = depth
    } else if (c === '}' || c === ']' || c === ')') {
      depth--
    }
  }
  return deepest
}

function nextQuote(query: string, from: number): number {
  for (let i = from; i < query.length; i++) {
    if (query[i] === '\\') i++
    else if (query[i] === '"' || query[i] === '\n') return i
  }
  return -1
}
