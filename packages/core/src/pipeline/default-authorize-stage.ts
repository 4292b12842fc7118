import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import { bindPolicy } from '../request/bind-policy.js'
import { authorizeRelatedFilters, authorizeRelations } from '../request/authorize-relations.js'
import { createAuthorizedRequest, type AuthorizedRequest, type ParseOutcome } from '../request/parsed-request.js'
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
    if ('unbound' in request) throw request.unbound
    const policy = bindPolicy(permission, context.principal, entity)
    const { write } = request
    if (write === undefined) {
      // Nested relations and related-entity filters need `read` on their targets, whose policies apply too.
      const filter =
        request.filter === undefined ? undefined : authorizeRelatedFilters(request.filter, context, request.terms)
      const relations = authorizeRelations(request.relations, context, request.terms)
      return createAuthorizedRequest(request, {
        permission,
        policy,
        pairedPermission: undefined,
        createPolicy: undefined,
        readPermission: permission,
        readPolicy: policy,
        filter,
        relations,
      })
    }

    // A write that may insert must insert a row the create policy admits (checked inside the insert).
    const createPermission = request.action === 'create' ? permission : other
    const createPolicy =
      (write.mode === 'insert' || write.mode === 'upsert') && createPermission !== undefined
        ? createPermission === permission
          ? policy
          : bindPolicy(createPermission, context.principal, entity)
        : undefined
    const readPermission = write.mode === 'delete' ? undefined : entity.permissions.resolve(context.role, 'read')
    const readPolicy = readPermission === undefined ? undefined : bindPolicy(readPermission, context.principal, entity)
    return createAuthorizedRequest(request, {
      permission,
      policy,
      pairedPermission: other,
      createPolicy,
      readPermission,
      readPolicy,
    })
  }
}
