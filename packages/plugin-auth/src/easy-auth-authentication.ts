import {
  ANONYMOUS_PRINCIPAL,
  singleHeader,
  type AuthenticationProvider,
  type HttpRequest,
  type Principal,
} from '@sluice/core'
import type { EasyAuthFlavour } from './auth-settings.js'
import { createInvalidPrincipalError } from './create-invalid-principal-error.js'
import { decodeClientPrincipal } from './decode-client-principal.js'
import { parseAppServicePrincipal } from './parse-app-service-principal.js'
import { parseStaticWebAppsPrincipal } from './parse-static-web-apps-principal.js'

/** The header Azure's EasyAuth front end sets after authenticating the caller. */
export const CLIENT_PRINCIPAL_HEADER = 'x-ms-client-principal'

/**
 * Static Web Apps or App Service authentication: trusts X-MS-CLIENT-PRINCIPAL, which the platform's front end sets
 * (and strips from client requests). No header → anonymous; a repeated or unreadable header → 401.
 */
export function createEasyAuthAuthentication(flavour: EasyAuthFlavour): AuthenticationProvider {
  const parse = flavour === 'StaticWebApps' ? parseStaticWebAppsPrincipal : parseAppServicePrincipal
  return Object.freeze({
    name: flavour,
    authenticate(request: HttpRequest): Principal {
      const header = singleHeader(request, CLIENT_PRINCIPAL_HEADER)
      if (header.repeated) throw createInvalidPrincipalError('is repeated')
      if (header.value === undefined) return ANONYMOUS_PRINCIPAL
      return parse(decodeClientPrincipal(header.value))
    },
  })
}
