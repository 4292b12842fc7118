import { ROLE_HEADER, singleHeader, type AuthenticationProvider, type HttpRequest, type Principal } from '@sluice/core'
import { normalizeRoles } from './normalize-roles.js'

/**
 * Data API builder's `Simulator` provider (development mode only): every request is authenticated, holding the
 * role named in X-MS-API-ROLE if any — so without the header the caller acts as `authenticated`, and with it as
 * that role. Its only claim is `roles`.
 */
export const simulatorAuthentication: AuthenticationProvider = Object.freeze({
  name: 'Simulator',
  authenticate(request: HttpRequest): Principal {
    const header = singleHeader(request, ROLE_HEADER).value?.trim()
    const roles = header === undefined || header === '' ? [] : normalizeRoles([header])
    return Object.freeze({
      authenticated: true,
      roles,
      claims: Object.freeze(roles.length === 0 ? {} : { roles: Object.freeze([header!]) }),
    })
  },
})
