import {
  SluiceError,
  singleHeader,
  type EntityModel,
  type HttpRequest,
  type OperationKind,
  type OperationRequest,
} from '@sluice/core/protocol'
import { parseRequestBody } from './parse-request-body.js'

const OPERATIONS = { POST: 'create', PUT: 'replace', PATCH: 'merge', DELETE: 'delete' } as const satisfies Record<
  string,
  OperationKind
>

export type WriteMethod = keyof typeof OPERATIONS

/**
 * POST, PUT, PATCH and DELETE as protocol-neutral writes. Writes take no query options; `If-Match` is passed on
 * for PUT and PATCH (core checks it) and, per SPEC, has no effect on DELETE. A DELETE body, if any, goes to core,
 * which refuses its fields in strict mode (SPEC REST writes rule 1).
 */
export function buildWriteRequest(
  method: WriteMethod,
  entity: EntityModel,
  key: Record<string, string> | undefined,
  request: HttpRequest,
): OperationRequest {
  if (request.query !== '') throw new SluiceError('SLUICE_ERR_WRITE_QUERY_STRING')
  const operation = OPERATIONS[method]
  const body = parseRequestBody(request.body)
  let ifMatch: string | undefined
  if (operation === 'replace' || operation === 'merge') {
    const header = singleHeader(request, 'if-match')
    // Sent twice, it is not the single `*` SPEC allows.
    ifMatch = header.repeated ? 'repeated' : header.value
  }
  return { operation, entity: entity.name, key, body, ifMatch }
}

export function isWriteMethod(method: string): method is WriteMethod {
  return Object.hasOwn(OPERATIONS, method)
}
