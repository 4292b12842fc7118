import type { ActionPermission, FieldModel } from '../model/service-model.js'
import type { BoundFilter } from './bound-filter.js'
import type { AuthorizedRelation } from './bound-relation.js'
import type { ParsedRequest, ReadRequest } from './parsed-request.js'

/** What the authorize stage grants a request: the permission that allows it, and the policies bound to the caller. */
export interface Grant {
  readonly permission: ActionPermission
  /** The action's row policy, bound to the caller. */
  readonly policy: BoundFilter | undefined
  /**
   * PUT and PATCH need `update` and `create` (SPEC §REST paths): `permission` is the one the write mode uses, this
   * is the other. A body must fit both.
   */
  readonly pairedPermission: ActionPermission | undefined
  /** A write that may insert: the `create` action's row policy, bound to the caller, which the inserted row must meet. */
  readonly createPolicy: BoundFilter | undefined
  /**
   * What the caller may read of the rows involved: for a read, `permission` itself; for a write, the role's `read`
   * permission (the returned record holds only its fields; none without it) and its row policy.
   */
  readonly readPermission: ActionPermission | undefined
  readonly readPolicy: BoundFilter | undefined
}

/**
 * Output of the authorize stage, checked by the field-filter stage: the parsed request as it was, what authorization
 * granted it, and what the caller will see. Composed, never copied: `parsed` is the parse stage's own object.
 */
export interface AuthorizedRequest<P extends ParsedRequest = ParsedRequest> {
  readonly parsed: P
  readonly grant: Grant
  /** Reads: the caller's filter with the row policies of the related entities it names bound in. */
  readonly filter: BoundFilter | undefined
  /** Reads: each nested relation with the caller's `read` permission on its target (none for writes). */
  readonly relations: readonly AuthorizedRelation[]
  /**
   * The output fields: the selection, or every field the permission allows; for a write, the fields of the role's
   * `read` permission (none without it).
   */
  readonly fields: readonly FieldModel[]
}

/** Whether the request's parsed kind is `kind`, typing it so (TypeScript does not narrow through `parsed`). */
export function isAuthorizedAs<K extends ParsedRequest['kind']>(
  request: AuthorizedRequest,
  kind: K,
): request is AuthorizedRequest<Extract<ParsedRequest, { kind: K }>> {
  return request.parsed.kind === kind
}

/** Whether the request is a read (by key, a list page or groups), typing it so. */
export function isAuthorizedRead(request: AuthorizedRequest): request is AuthorizedRequest<ReadRequest> {
  const { kind } = request.parsed
  return kind === 'read-key' || kind === 'list' || kind === 'aggregate'
}
