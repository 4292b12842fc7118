import type { ErrorCode } from '@sluice/core/protocol'

/**
 * Data API builder's GraphQL `extensions.code` for each Sluice error (SPEC leaves GraphQL codes open, so DAB decides).
 * DAB sends Hot Chocolate's `AUTH_NOT_AUTHORIZED` / `AUTH_NOT_AUTHENTICATED` when the schema's `@authorize` directive
 * refuses a role — an entity or relationship the role may not use — and the name of its exception's sub-status
 * (`DataApiBuilderException.SubStatusCodes`) for everything its resolvers raise. Sluice's own code travels beside it
 * as `extensions.sluiceCode`.
 */
export function dabErrorCode(code: ErrorCode, status: number, authenticated: boolean | undefined): string {
  if (code === 'SLUICE_ERR_FORBIDDEN') return authenticated === false ? NOT_AUTHENTICATED : 'AUTH_NOT_AUTHORIZED'
  return BY_CODE[code] ?? (status >= 500 ? 'UnexpectedError' : 'BadRequest')
}

const NOT_AUTHENTICATED = 'AUTH_NOT_AUTHENTICATED'

const BY_CODE: Partial<Record<ErrorCode, string>> = {
  SLUICE_ERR_INVALID_TOKEN: NOT_AUTHENTICATED,
  // Resolver-level checks: a field the role may not name (filter, orderBy, a mutation's input), a policy's claim.
  SLUICE_ERR_INVALID_FIELD: 'AuthorizationCheckFailed',
  SLUICE_ERR_MISSING_CLAIM: 'AuthorizationCheckFailed',
  SLUICE_ERR_POLICY_FIELD_MISSING: 'AuthorizationCheckFailed',
  SLUICE_ERR_ROLE_NOT_HELD: 'AuthorizationCheckFailed',
  SLUICE_ERR_WRITE_POLICY: 'DatabasePolicyFailure',
  SLUICE_ERR_ENTITY_NOT_FOUND: 'EntityNotFound',
  SLUICE_ERR_ITEM_NOT_FOUND: 'ItemNotFound',
  SLUICE_ERR_DELETE_NOT_FOUND: 'ItemNotFound',
  SLUICE_ERR_UPDATE_NOT_FOUND: 'ItemNotFound',
  SLUICE_ERR_UPSERT_NOT_FOUND: 'ItemNotFound',
  SLUICE_ERR_NOT_SUPPORTED: 'NotSupported',
  // DAB's database exception parser: DatabaseOperationFailed for what the database refused or failed to do.
  SLUICE_ERR_DATABASE_INPUT: 'DatabaseOperationFailed',
  SLUICE_ERR_DATABASE_CONFLICT: 'DatabaseOperationFailed',
  SLUICE_ERR_DATABASE: 'DatabaseOperationFailed',
  SLUICE_ERR_DATABASE_UNAVAILABLE: 'DatabaseOperationFailed',
  SLUICE_ERR_DATABASE_TIMEOUT: 'DatabaseOperationFailed',
  SLUICE_ERR_DATABASE_RESULT_TOO_LARGE: 'DatabaseOperationFailed',
  SLUICE_ERR_REQUEST_DEADLINE: 'DatabaseOperationFailed',
  SLUICE_ERR_INTERNAL: 'UnexpectedError',
}
