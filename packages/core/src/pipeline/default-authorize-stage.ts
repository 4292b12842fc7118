import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { ActionPermission } from '../model/service-model.js'
import { bindPolicy } from '../request/bind-policy.js'
import { authorizeRelatedFilters, authorizeRelations } from '../request/authorize-relations.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { BoundFilter } from '../request/bound-filter.js'
import { NO_RELATIONS } from '../request/bound-relation.js'
import type { ParseOutcome, WriteRequest } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { AuthorizeStage } from './stage.js'

/**
 * Role × action: the caller's effective role must hold the action on the entity (after Data API builder's role
 * inheritance), otherwise 403 — before any binding error, which could reveal the entity's fields. The action's row
 * policy is bound to the caller's claims and travels with the request. PUT and PATCH need both `update` and
 * `create` (SPEC §REST paths); a write's returned record is governed by the role's `read` permission.
 */
@injectable()
export class DefaultAuthorizeStage implements AuthorizeStage {
  run(request: ParseOutcome, context: RequestContext): AuthorizedRequest {
    const { entity } = request
    const permission = entity.permissions.resolve(context.role, request.action)
    if (permission === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
    // SPEC §REST paths: PUT and PATCH need `create` and `update`, whatever the row turns out to be.
    const both = request.operation === 'replace' || request.operation === 'merge'
    const other = both
      ? entity.permissions.resolve(context.role, request.action === 'create' ? 'update' : 'create')
      : undefined
    if (both && other === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
    if (request.kind === 'unbound') throw request.unbound
    const policy = bindPolicy(permission, context.principal, entity)
    if (request.kind === 'write') return authorizeWrite(request, { permission, policy, other }, context)
    const grant = {
      permission,
      policy,
      pairedPermission: undefined,
      createPolicy: undefined,
      readPermission: permission,
      readPolicy: policy,
    }
    if (request.kind === 'execute')
      return { parsed: request, grant, filter: undefined, relations: NO_RELATIONS, fields: permission.fieldList }
    // Nested relations and related-entity filters need `read` on their targets, whose policies apply too.
    const filter =
      request.kind === 'read-key' || request.filter === undefined
        ? undefined
        : authorizeRelatedFilters(request.filter, context, request.terms)
    const relations =
      request.kind === 'aggregate' ? NO_RELATIONS : authorizeRelations(request.relations, context, request.terms)
    return { parsed: request, grant, filter, relations, fields: request.select ?? permission.fieldList }
  }
}

/**
 * A write's grant. One that may insert must insert a row the create policy admits (checked inside the insert); the
 * returned record is what the role's `read` permission shows of it.
 */
function authorizeWrite(
  request: WriteRequest,
  action: ActionGrant,
  context: RequestContext,
): AuthorizedRequest<WriteRequest> {
  const { entity, write } = request
  const { permission, policy, other } = action
  const createPermission = request.action === 'create' ? permission : other
  const createPolicy =
    (write.mode === 'insert' || write.mode === 'upsert') && createPermission !== undefined
      ? createPermission === permission
        ? policy
        : bindPolicy(createPermission, context.principal, entity)
      : undefined
  const readPermission = write.mode === 'delete' ? undefined : entity.permissions.resolve(context.role, 'read')
  const readPolicy = readPermission === undefined ? undefined : bindPolicy(readPermission, context.principal, entity)
  return {
    parsed: request,
    grant: { permission, policy, pairedPermission: other, createPolicy, readPermission, readPolicy },
    filter: undefined,
    relations: NO_RELATIONS,
    fields: readPermission?.fieldList ?? NO_FIELDS,
  }
}

/** The write's own action: its permission and bound row policy, and the paired action's permission (PUT, PATCH). */
interface ActionGrant {
  readonly permission: ActionPermission
  readonly policy: BoundFilter | undefined
  readonly other: ActionPermission | undefined
}

const NO_FIELDS: readonly never[] = Object.freeze([])
