import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import { bindPolicy } from '../request/bind-policy.js'
import { createAuthorizedRequest, type AuthorizedRequest, type ParsedRequest } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { AuthorizeStage } from './stage.js'

/**
 * Role × action: the caller's effective role must hold the action on the entity (after Data API builder's role
 * inheritance), otherwise 403 — before any binding error, which could reveal the entity's fields. The action's row
 * policy is bound to the caller's claims and travels with the request. An upsert may insert, so it needs `create`
 * as well as `update`; a write's returned record is governed by the role's `read` permission.
 */
@injectable()
export class DefaultAuthorizeStage implements AuthorizeStage {
  run(request: ParsedRequest, context: RequestContext): AuthorizedRequest {
    const { entity } = request
    const permission = entity.permissions.resolve(context.role, request.action)
    if (permission === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
    if (request.bindingError !== undefined) throw request.bindingError
    const policy = permission.policy === undefined ? undefined : bindPolicy(permission.policy, context.principal, entity)
    const { write } = request
    if (write === undefined) return createAuthorizedRequest(request, permission, policy, undefined, permission, policy)

    const insertPermission = write.mode === 'upsert' ? entity.permissions.resolve(context.role, 'create') : undefined
    if (write.mode === 'upsert' && insertPermission === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
    // Insert-time policies are enforced with the authentication issue's guarded inserts; until then they fail closed.
    const insertPolicy = write.mode === 'insert' ? permission.policy : insertPermission?.policy
    if (insertPolicy !== undefined) throw new SluiceError('SLUICE_ERR_WRITE_POLICY', { verb: 'insert' })
    const readPermission = write.mode === 'delete' ? undefined : entity.permissions.resolve(context.role, 'read')
    const readPolicy = readPermission?.policy === undefined ? undefined : bindPolicy(readPermission.policy, context.principal, entity)
    return createAuthorizedRequest(request, permission, policy, insertPermission, readPermission, readPolicy)
  }
}
