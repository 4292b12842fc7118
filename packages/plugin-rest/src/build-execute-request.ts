import {
  SluiceError,
  type EntityModel,
  type HttpRequest,
  type OperationRequest,
  type RestMethod,
} from '@sluice/core/protocol'
import { parseRequestBody } from './parse-request-body.js'

/** Methods whose parameters come from the query string; the others take a JSON body (Data API builder's split). */
const QUERY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE'])
/** Query options SPEC §Stored procedures rule 3 says have no effect on a procedure: ignored, never parameters. */
const IGNORED_OPTIONS: ReadonlySet<string> = new Set(['$filter', '$orderby', '$first', '$after'])

/**
 * A REST call of a stored procedure (SPEC §Stored procedures rule 2): the method must be one of the entity's
 * `rest.methods` (default POST) or it is a 405 naming the allowed ones. GET (and HEAD, DELETE) take the parameters
 * from the query string, every other name a parameter; POST, PUT and PATCH take them from a JSON object body and
 * refuse any other query string. `$filter`, `$orderby`, `$first` and `$after` have no effect (SPEC rule 3 — where
 * Data API builder calls them unexpected parameters, SPEC wins) and are dropped. No key in the URL.
 */
export function buildExecuteRequest(
  request: HttpRequest,
  entity: EntityModel,
  key: Record<string, string> | undefined,
): OperationRequest {
  const method = (request.method === 'HEAD' ? 'get' : request.method.toLowerCase()) as RestMethod
  if (!entity.rest.methods.includes(method)) {
    throw new SluiceError('SLUICE_ERR_METHOD_NOT_ALLOWED', {
      method: request.method,
      entity: entity.name,
      allow: entity.rest.methods.map((m) => m.toUpperCase()).join(', '),
    })
  }
  if (key !== undefined)
    throw new SluiceError('SLUICE_ERR_PROCEDURE_OPTION', { option: 'A primary key in the URL', entity: entity.name })
  const query = parseParameterQuery(request.query)
  for (const option of IGNORED_OPTIONS) delete query[option]
  if (QUERY_METHODS.has(request.method)) return { operation: 'execute', entity: entity.name, parameters: query }
  if (Object.keys(query).length > 0) throw new SluiceError('SLUICE_ERR_WRITE_QUERY_STRING')
  return { operation: 'execute', entity: entity.name, parameters: parseRequestBody(request.body) ?? {} }
}

/** `a=1&b=x` → `{a: '1', b: 'x'}`: split on `&` before decoding; a name given twice or without a name is a 400. */
export function parseParameterQuery(raw: string): Record<string, string> {
  const parameters: Record<string, string> = {}
  if (raw === '') return parameters
  for (const pair of raw.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const name = decode(eq === -1 ? pair : pair.slice(0, eq))
    if (name === '') throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name: '(empty name)' })
    if (Object.hasOwn(parameters, name)) throw new SluiceError('SLUICE_ERR_DUPLICATE_QUERY_PARAMETER', { name })
    parameters[name] = eq === -1 ? '' : decode(pair.slice(eq + 1))
  }
  return parameters
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', {
      name: `${text.slice(0, 40)} (malformed percent-encoding)`,
    })
  }
}
