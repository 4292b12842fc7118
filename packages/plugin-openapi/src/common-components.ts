import type { Parameter, Reference, Response, Schema } from './openapi-types.js'
import { ref } from './openapi-types.js'

/**
 * Component keys of the REST query options. Keys must match `^[a-zA-Z0-9.\-_]+$`, so they drop the `$`; the
 * parameters themselves are named as REST spells them (`$select` …, exact and case-sensitive).
 */
export const QUERY_PARAMETERS = {
  select: 'select',
  filter: 'filter',
  orderby: 'orderby',
  first: 'first',
  after: 'after',
  count: 'count',
} as const

/** The role-selecting and credential headers every operation accepts. */
export const HEADER_PARAMETERS = { role: 'X-MS-API-ROLE', authorization: 'Authorization' } as const

export const ERROR_SCHEMA = 'ErrorResponse'

/** The error envelope every failure has: `{"error":{"code","message","status"}}`. */
const errorSchema: Schema = {
  type: 'object',
  description: 'The error envelope of every failure; `status` equals the HTTP status.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'Error class, e.g. `BadRequest`, `Not Found`, `Authorization Failure`.' },
        message: { type: 'string' },
        status: { type: 'integer', format: 'int32' },
      },
    },
  },
}

export function commonSchemas(): Record<string, Schema> {
  return { [ERROR_SCHEMA]: errorSchema }
}

/**
 * `$select`, `$filter`, `$orderby`, `$first`, `$after` and the two headers. `role` is the role this document is for:
 * its name is the example value of `X-MS-API-ROLE` (the anonymous document sends no role header).
 */
export function commonParameters(role: string): Record<string, Parameter> {
  const roleHeader: Parameter = {
    name: HEADER_PARAMETERS.role,
    in: 'header',
    required: false,
    description: 'The role to act as; the caller must hold it (in development mode any role may be simulated).',
    schema: { type: 'string' },
  }
  return {
    [QUERY_PARAMETERS.select]: {
      name: '$select',
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description: 'Comma-separated fields to return, e.g. `id,title`.',
    },
    [QUERY_PARAMETERS.filter]: {
      name: '$filter',
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description:
        'OData-style filter expression: `eq ne gt ge lt le`, `and or not`, `in (…)`, `contains/startswith/endswith`, ' +
        "`tolower/toupper`; e.g. `year gt 2000 and startswith(tolower(title), 'the')` or `id in (1, 2, 3)`.",
    },
    [QUERY_PARAMETERS.orderby]: {
      name: '$orderby',
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description: 'Comma-separated fields, each optionally followed by `asc` or `desc`.',
    },
    [QUERY_PARAMETERS.first]: {
      name: '$first',
      in: 'query',
      required: false,
      schema: { type: 'integer', format: 'int32' },
      description: 'Page size; `-1` asks for the configured maximum.',
    },
    [QUERY_PARAMETERS.after]: {
      name: '$after',
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description: 'Opaque continuation token from the previous page (the `after` part of `nextLink`).',
    },
    [QUERY_PARAMETERS.count]: {
      name: '$count',
      in: 'query',
      required: false,
      schema: { type: 'boolean' },
      description:
        '`true` adds `count` to the response: the records matching `$filter` (and the row policy) on all pages together.',
    },
    [HEADER_PARAMETERS.role]: role === 'anonymous' ? roleHeader : { ...roleHeader, example: role },
    [HEADER_PARAMETERS.authorization]: {
      name: HEADER_PARAMETERS.authorization,
      in: 'header',
      required: false,
      description: 'Credentials for the configured authentication provider, e.g. `Bearer <JWT>`.',
      schema: { type: 'string' },
    },
  }
}

/** The headers every operation lists, as references. */
export function headerParameterRefs(): Reference[] {
  return [ref('parameters', HEADER_PARAMETERS.role), ref('parameters', HEADER_PARAMETERS.authorization)]
}

const ERROR_STATUSES = {
  '400': 'Bad request: invalid query option, body, key or parameter.',
  '401': 'Unauthenticated: the credentials were rejected.',
  '403': 'Forbidden: the role may not perform this operation, or a row policy refused it.',
  '404': 'Not found.',
  '409': 'Conflict: the database refused the write (for example a duplicate key).',
  '500': 'Unexpected server error.',
} as const

export type ErrorStatus = keyof typeof ERROR_STATUSES

export function commonResponses(): Record<string, Response> {
  const out: Record<string, Response> = {}
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    out[errorResponseName(status as ErrorStatus)] = {
      description,
      content: { 'application/json': { schema: ref('schemas', ERROR_SCHEMA) } },
    }
  }
  return out
}

export function errorResponseName(status: ErrorStatus): string {
  return `Error${status}`
}

/** The error responses of an operation, by status, as references to the shared responses. */
export function errorResponses(statuses: readonly ErrorStatus[]): Record<string, Reference> {
  const out: Record<string, Reference> = {}
  for (const status of statuses) out[status] = ref('responses', errorResponseName(status))
  return out
}
