import { injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import { bindPolicy } from '../request/bind-policy.js'
import { createAuthorizedRequest, type AuthorizedRequest, type ParsedRequest } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { AuthorizeStage } from './stage.js'

/**
 * Role × action: the caller's effective role must hold the action on the entity (after Data API builder's role
 * inheritance), otherwise 403 — before any binding error, which could reveal the entity's fields. The action's row
 * policy is bound to the caller's claims and travels with the request.
 */
@injectable()
export class DefaultAuthorizeStage implements AuthorizeStage {
  run(request: ParsedRequest, context: RequestContext): AuthorizedRequest {
    const permission = request.entity.permissions.resolve(context.role, request.action)
    if (permission === undefined) throw new SluiceError('SLUICE_ERR_FORBIDDEN')
    if (request.bindingError !== undefined) throw request.bindingError
    const policy = permission.policy === undefined ? undefined : bindPolicy(permission.policy, context.principal, request.entity)
    return createAuthorizedRequest(request, permission, policy)
  }
}
