import { StartupErrorCodes } from './startup-error-codes.js'

/**
 * Every error Sluice raises, by code. `status` is the HTTP status a protocol reports, `wire` the `code` string of
 * the REST envelope `{error:{code,message,status}}` (SPEC §Errors names them), `template` the message with
 * `{placeholders}` filled from the error's params. docs/errors.md documents each code; a test keeps them in step.
 */
export interface ErrorCodeDefinition {
  readonly status: number
  readonly wire: string
  readonly template: string
}

const BAD = 'Bad Request'

export const ErrorCodes = {
  // ── request: names and values ───────────────────────────────────────────────────────────────
  SLUICE_ERR_INVALID_FIELD: { status: 400, wire: BAD, template: "Invalid field '{field}' in {place}" },
  SLUICE_ERR_INVALID_VALUE: {
    status: 400,
    wire: BAD,
    template: "Invalid value {value} for field '{field}' in {place}: expected {expected}.",
  },
  SLUICE_ERR_INVALID_QUERY_PARAMETER: { status: 400, wire: BAD, template: 'Invalid Query Parameter: {name}' },
  SLUICE_ERR_DUPLICATE_QUERY_PARAMETER: {
    status: 400,
    wire: BAD,
    template: "Query parameter '{name}' may be given only once.",
  },
  SLUICE_ERR_EMPTY_QUERY_PARAMETER: { status: 400, wire: BAD, template: "Query parameter '{name}' needs a value." },
  SLUICE_ERR_INVALID_FILTER: {
    status: 400,
    wire: BAD,
    template: '{place} query parameter is not well formed: {detail}',
  },
  SLUICE_ERR_UNSUPPORTED_FILTER: { status: 400, wire: BAD, template: '{place}: {detail}' },
  SLUICE_ERR_INVALID_ORDERBY: {
    status: 400,
    wire: BAD,
    template: '{place} query parameter is not well formed: {detail}',
  },
  SLUICE_ERR_INVALID_SELECT: {
    status: 400,
    wire: BAD,
    template: '{place} query parameter is not well formed: {detail}',
  },
  SLUICE_ERR_INVALID_EXPAND: {
    status: 400,
    wire: BAD,
    template: '{place} query parameter is not well formed: {detail}',
  },
  SLUICE_ERR_INVALID_FIRST: {
    status: 400,
    wire: BAD,
    template:
      'Invalid number of items requested, {place} must be -1 or an integer greater than 0. Actual value: {value}',
  },
  SLUICE_ERR_FIRST_TOO_LARGE: {
    status: 400,
    wire: BAD,
    template:
      'Invalid number of items requested, first argument must be either -1 or a positive number within the max page size limit of {max}. Actual value: {value}',
  },
  SLUICE_ERR_INVALID_CURSOR: { status: 400, wire: BAD, template: 'Invalid {place}: {detail}' },
  // ── request: relationships, aggregation, multiple create ─────────────────────────────────────
  SLUICE_ERR_INVALID_RELATION: { status: 400, wire: BAD, template: "Invalid relationship '{relationship}': {detail}" },
  SLUICE_ERR_INVALID_AGGREGATE: { status: 400, wire: BAD, template: 'Invalid aggregation: {detail}' },
  SLUICE_ERR_INVALID_NESTED_CREATE: { status: 400, wire: BAD, template: 'Invalid nested create: {detail}' },
  SLUICE_ERR_MULTIPLE_CREATE_DISABLED: {
    status: 400,
    wire: BAD,
    template: 'Multiple create is not enabled: set runtime.graphql.multiple-mutations.create.enabled to true.',
  },
  // ── request: stored procedures ──────────────────────────────────────────────────────────────
  SLUICE_ERR_MISSING_PARAMETER: {
    status: 400,
    wire: BAD,
    template: 'Invalid request. Missing required procedure parameters: {names} for entity: {entity}',
  },
  SLUICE_ERR_UNKNOWN_PARAMETER: {
    status: 400,
    wire: BAD,
    template: 'Invalid request. Contained unexpected fields: {names} for entity: {entity}',
  },
  SLUICE_ERR_INVALID_PARAMETER: {
    status: 400,
    wire: BAD,
    template: "Invalid value {value} for parameter '{name}' of {entity}: expected {expected}.",
  },
  SLUICE_ERR_PROCEDURE_OPTION: {
    status: 400,
    wire: BAD,
    template: '{option} is not supported for stored procedure {entity}: procedures take only parameters.',
  },
  SLUICE_ERR_NOT_SUPPORTED: {
    status: 400,
    wire: 'Not Supported',
    template: '{feature} is not supported by this database engine.',
  },
  // ── request: routing and keys ───────────────────────────────────────────────────────────────
  SLUICE_ERR_ENTITY_NOT_FOUND: { status: 404, wire: 'Not Found', template: 'Invalid Entity path: {path}.' },
  SLUICE_ERR_ROUTE_NOT_FOUND: { status: 404, wire: 'Not Found', template: 'Route {method} {path} not found.' },
  SLUICE_ERR_OPENAPI_ROLE_NOT_FOUND: {
    status: 404,
    wire: 'Not Found',
    template: "Role '{role}' is not present in the configuration.",
  },
  SLUICE_ERR_INVALID_PATH: { status: 400, wire: BAD, template: 'Invalid path {path}: {detail}' },
  SLUICE_ERR_METHOD_NOT_ALLOWED: {
    status: 405,
    wire: 'Method Not Allowed',
    template: 'Method {method} is not supported for entity {entity}.',
  },
  SLUICE_ERR_IMPLICIT_KEY: {
    status: 400,
    wire: BAD,
    template:
      'Primary key values must be named in the path as /{name}/{value} pairs; got a value without a name: {segment}.',
  },
  SLUICE_ERR_KEY_WITHOUT_VALUE: {
    status: 400,
    wire: BAD,
    template: 'The request is invalid since it contains a primary key with no value specified: {name}.',
  },
  SLUICE_ERR_DUPLICATE_KEY: {
    status: 400,
    wire: BAD,
    template: 'The request is invalid since it contains duplicate primary keys: {name}.',
  },
  SLUICE_ERR_UNKNOWN_KEY: {
    status: 400,
    wire: BAD,
    template: "Primary key column '{name}' not found in the entity definition of {entity}.",
  },
  SLUICE_ERR_KEY_MISMATCH: {
    status: 400,
    wire: BAD,
    template: 'Primary key column(s) provided do not match the key of {entity}: expected {expected}.',
  },
  SLUICE_ERR_NO_KEY: {
    status: 400,
    wire: BAD,
    template: 'Entity {entity} has no primary key, so it cannot be addressed by key.',
  },
  // ── request: writes ─────────────────────────────────────────────────────────────────────────
  SLUICE_ERR_BODY_MISSING: {
    status: 400,
    wire: BAD,
    template: 'The request body is missing: send a JSON object of field values.',
  },
  SLUICE_ERR_BODY_INVALID_JSON: { status: 400, wire: BAD, template: 'Request body contains invalid JSON.' },
  SLUICE_ERR_BODY_ARRAY: {
    status: 400,
    wire: BAD,
    template: 'A Mutation operation on more than one entity in a single request is not yet supported.',
  },
  SLUICE_ERR_BODY_NOT_OBJECT: {
    status: 400,
    wire: BAD,
    template: 'The request body must be a JSON object of field values, not {kind}.',
  },
  SLUICE_ERR_READ_ONLY_FIELD: {
    status: 400,
    wire: BAD,
    template: "Field '{field}' cannot be included in the request body: {reason}.",
  },
  SLUICE_ERR_NULL_NOT_ALLOWED: {
    status: 400,
    wire: BAD,
    template: "Invalid value for field '{field}' in request body: the field is not nullable.",
  },
  SLUICE_ERR_MISSING_FIELD: {
    status: 400,
    wire: BAD,
    template: 'Invalid request body. Missing field in body: {field}.',
  },
  SLUICE_ERR_KEY_REQUIRED: { status: 400, wire: BAD, template: 'Primary Key for this HTTP request type is required.' },
  SLUICE_ERR_KEY_IN_URL_FOR_CREATE: {
    status: 400,
    wire: BAD,
    template: "Primary key for POST requests can't be specified in the request URL. Use request body instead.",
  },
  SLUICE_ERR_WRITE_QUERY_STRING: {
    status: 400,
    wire: BAD,
    template: 'Query string for this HTTP request type is an invalid URL.',
  },
  SLUICE_ERR_ETAG_NOT_SUPPORTED: { status: 400, wire: BAD, template: "Etags not supported, use '*'" },
  SLUICE_ERR_UPDATE_NOT_FOUND: {
    status: 404,
    wire: 'Not Found',
    template: 'No Update could be performed, record not found',
  },
  SLUICE_ERR_UPSERT_NOT_FOUND: {
    status: 404,
    wire: 'Not Found',
    template: 'Cannot perform INSERT and could not find {entity} with primary key <{key}> to perform UPDATE on.',
  },
  SLUICE_ERR_DELETE_NOT_FOUND: { status: 404, wire: 'Not Found', template: 'Could not find item with <{key}>' },
  SLUICE_ERR_WRITE_POLICY: {
    status: 403,
    wire: 'Authorization Failure',
    template: 'Could not {verb} the row: the database policy of the current role does not allow it.',
  },
  // ── authorization ───────────────────────────────────────────────────────────────────────────
  SLUICE_ERR_POLICY_FIELD_MISSING: {
    status: 403,
    wire: 'Authorization Failure',
    template: 'One or more fields referenced by the database policy are not present in the {place}.',
  },
  SLUICE_ERR_FORBIDDEN: {
    status: 403,
    wire: 'Authorization Failure',
    template: 'The current role does not have permission to perform this action.',
  },
  SLUICE_ERR_MISSING_CLAIM: {
    status: 403,
    wire: 'Authorization Failure',
    template: 'User does not possess all the claims required to perform this operation.',
  },
  SLUICE_ERR_ROLE_NOT_HELD: {
    status: 403,
    wire: 'Authorization Failure',
    template: "The caller is not a member of the role '{role}' named in X-MS-API-ROLE.",
  },
  // ── protocol envelope ───────────────────────────────────────────────────────────────────────
  SLUICE_ERR_BAD_REQUEST: { status: 400, wire: BAD, template: 'The request could not be read: {detail}' },
  SLUICE_ERR_RESPONSE_TOO_LARGE: {
    status: 413,
    wire: 'Payload Too Large',
    template:
      'The JSON result size exceeds max result size of {limit}MB. Please use pagination to reduce size of result.',
  },
  SLUICE_ERR_QUERY_COST: {
    status: 400,
    wire: BAD,
    template:
      'The request would read up to {cost} rows, more than the limit of {limit} (runtime.limits.max-query-cost); ask for fewer rows per page (first) or nest fewer relationships.',
  },
  SLUICE_ERR_TOO_MANY_STATEMENTS: {
    status: 400,
    wire: BAD,
    template:
      'The request would run more than {limit} statements (runtime.limits.max-statements-per-request); send fewer root fields or split the request.',
  },
  SLUICE_ERR_HEADERS_TOO_LARGE: {
    status: 431,
    wire: 'Request Header Fields Too Large',
    template: 'The request headers exceed the limit of 16 KiB.',
  },
  SLUICE_ERR_REQUEST_TIMEOUT: { status: 408, wire: 'Request Timeout', template: 'The request did not arrive in time.' },
  SLUICE_ERR_PAYLOAD_TOO_LARGE: {
    status: 413,
    wire: 'Payload Too Large',
    template: 'The request body exceeds the limit of {limit} bytes.',
  },
  SLUICE_ERR_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    wire: 'Unsupported Media Type',
    template: 'Content-Type {type} is not supported; send application/json.',
  },
  // ── database ────────────────────────────────────────────────────────────────────────────────
  SLUICE_ERR_DATABASE_UNAVAILABLE: {
    status: 503,
    wire: 'Service Unavailable',
    template: 'The database is unavailable; try again shortly.',
  },
  SLUICE_ERR_STARTING: {
    status: 503,
    wire: 'Service Unavailable',
    template: 'The service is starting (connecting to its database and reading its metadata); try again shortly.',
  },
  SLUICE_ERR_DATABASE_TIMEOUT: {
    status: 504,
    wire: 'Gateway Timeout',
    template:
      'The database did not finish the statement within the statement timeout (runtime.limits.statement-timeout-seconds) and cancelled it; narrow the request or try again later.',
  },
  SLUICE_ERR_REQUEST_DEADLINE: {
    status: 504,
    wire: 'Gateway Timeout',
    template:
      "The request's earlier statements took its time ({seconds} s, runtime.limits.statement-timeout-seconds); this one was not started. Send fewer or narrower operations per request.",
  },
  SLUICE_ERR_NOT_CACHED: {
    status: 504,
    wire: 'Gateway Timeout',
    template: "Header 'only-if-cached' was used but item was not found in cache.",
  },
  SLUICE_ERR_REQUEST_CANCELLED: {
    status: 499,
    wire: 'Client Closed Request',
    template: 'The client went away before the answer was ready; its statement was cancelled.',
  },
  SLUICE_ERR_DATABASE_INPUT: { status: 400, wire: BAD, template: 'The database rejected the request: {reason}.' },
  SLUICE_ERR_DATABASE_RESULT_TOO_LARGE: {
    status: 413,
    wire: 'Payload Too Large',
    template:
      'The result is larger than the database can build in one piece (MySQL and MariaDB: max_allowed_packet); ask for fewer rows per page (first), fewer fields or fewer nested records.',
  },
  SLUICE_ERR_DATABASE_CONFLICT: {
    status: 409,
    wire: 'Conflict',
    template: 'The request conflicts with an existing row (a unique key would be duplicated).',
  },
  SLUICE_ERR_DATABASE: {
    status: 500,
    wire: 'Internal Server Error',
    template: 'While processing your request the database ran into an error.',
  },
  SLUICE_ERR_INTERNAL: {
    status: 500,
    wire: 'Internal Server Error',
    template: 'While processing your request the server ran into an unexpected error.',
  },
  // ── authentication (plugin-auth; a 401's `challenge` param is the WWW-Authenticate value) ─────────────────
  SLUICE_ERR_INVALID_TOKEN: { status: 401, wire: 'Unauthorized', template: 'The bearer token is not valid: {reason}.' },
  SLUICE_ERR_INVALID_CLIENT_PRINCIPAL: {
    status: 401,
    wire: 'Unauthorized',
    template: 'Invalid EasyAuth payload: the X-MS-CLIENT-PRINCIPAL header {reason}.',
  },
  SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE: {
    status: 503,
    wire: 'Service Unavailable',
    template:
      "The identity provider's signing keys could not be fetched, so the bearer token cannot be checked; try again shortly.",
  },
  // ── GraphQL (plugin-graphql; reported in `errors[].extensions.sluiceCode`) ─────────────────────────────────
  SLUICE_ERR_GRAPHQL_SYNTAX: { status: 400, wire: BAD, template: '{detail}' },
  SLUICE_ERR_GRAPHQL_VALIDATION: { status: 400, wire: BAD, template: '{detail}' },
  SLUICE_ERR_GRAPHQL_DEPTH_LIMIT: {
    status: 400,
    wire: BAD,
    template:
      'The GraphQL document has an execution depth of {depth} which exceeds the max allowed execution depth of {max}.',
  },
  SLUICE_ERR_GRAPHQL_INTROSPECTION: {
    status: 400,
    wire: BAD,
    template: 'Introspection is not allowed for the current request.',
  },
  SLUICE_ERR_GRAPHQL_OPERATION: { status: 400, wire: BAD, template: '{detail}' },
  SLUICE_ERR_GRAPHQL_MUTATION_GET: {
    status: 405,
    wire: 'Method Not Allowed',
    template: 'GraphQL mutations cannot be sent with GET; use POST.',
  },
  SLUICE_ERR_ITEM_NOT_FOUND: { status: 404, wire: 'Not Found', template: 'Could not find item with the given key.' },
  SLUICE_ERR_GRAPHQL_SCHEMA: {
    status: 500,
    wire: 'Configuration Error',
    template: 'GraphQL cannot publish the configuration ({count} problem(s)):\n{problems}',
  },
  // ── live data (subscriptions) ───────────────────────────────────────────────────────────────
  SLUICE_ERR_SUBSCRIPTION_NOT_ENABLED: {
    status: 400,
    wire: BAD,
    template:
      "Entity '{entity}' does not publish its changes: set graphql.subscription.enabled (and the events) in its config.",
  },
  SLUICE_ERR_SUBSCRIPTION_LIMIT: {
    status: 429,
    wire: 'Too Many Requests',
    template: 'The limit of {limit} subscriptions {scope} is reached (runtime.subscriptions); close one first.',
  },
  SLUICE_ERR_SUBSCRIBER_TOO_SLOW: {
    status: 429,
    wire: 'Too Many Requests',
    template:
      'The subscription was closed: {limit} changes waited to be sent to this subscriber (runtime.subscriptions.queue-size). Subscribe again to continue.',
  },
  SLUICE_ERR_SUBSCRIPTION_EXPIRED: {
    status: 401,
    wire: 'Authentication Failure',
    template: 'The subscription was closed: its authentication expired. Subscribe again with a fresh token.',
  },
  SLUICE_ERR_SUBSCRIPTION_FAILED: {
    status: 500,
    wire: 'Unexpected Error',
    template: "The subscription was closed: this subscriber's read of {entity} failed ({code}). {detail}",
  },
  SLUICE_ERR_SUBSCRIPTIONS_CLOSED: {
    status: 503,
    wire: 'Service Unavailable',
    template: 'The subscription was closed: the server is {reason}. Subscribe again to continue.',
  },
  // ── start-up (never sent over HTTP): startup-error-codes.ts ─────────────────────────────────
  ...StartupErrorCodes,
} as const satisfies Record<string, ErrorCodeDefinition>

export type ErrorCode = keyof typeof ErrorCodes
