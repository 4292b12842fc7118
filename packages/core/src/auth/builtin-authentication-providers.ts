import { singleHeader, type HttpRequest } from '../protocol/http.js'
import { ANONYMOUS_PRINCIPAL, type Principal } from '../request/request-context.js'
import type { AuthenticationProvider } from './authentication-provider.js'
import { ROLE_HEADER } from './resolve-role.js'

/** Every caller is anonymous (the default in production until an authentication provider is configured). */
export const anonymousAuthentication: AuthenticationProvider = Object.freeze({
  name: 'Unauthenticated',
  authenticate: (): Principal => ANONYMOUS_PRINCIPAL,
})

/**
 * Development only: a request naming a role in `X-MS-API-ROLE` is treated as an authenticated caller holding that
 * role (Data API builder's Simulator); a request without it is anonymous. Never used in production mode.
 */
export const developmentRoleAuthentication: AuthenticationProvider = Object.freeze({
  name: 'Simulator',
  authenticate(request: HttpRequest): Principal {
    const role = singleHeader(request, ROLE_HEADER).value?.trim().toLowerCase()
    if (role === undefined || role === '' || role === 'anonymous') return ANONYMOUS_PRINCIPAL
    return Object.freeze({
      authenticated: true,
      roles: Object.freeze([role]),
      claims: Object.freeze({ roles: [role] }),
    })
  },
})
