import {
  anonymousAuthentication,
  developmentRoleAuthentication,
  type AuthenticationProvider,
  type HostMode,
  type Logger,
} from '@sluice/core'
import type { AuthSettings } from './auth-settings.js'
import { createEasyAuthAuthentication } from './easy-auth-authentication.js'
import { createJwtAuthentication } from './jwt-authentication.js'
import type { KeySetOptions } from './key-set-options.js'
import { simulatorAuthentication } from './simulator-authentication.js'

/**
 * The provider for checked settings. Without an `authentication` section it is core's default: in development
 * X-MS-API-ROLE makes the caller an authenticated holder of that role, in production everyone is anonymous —
 * identity headers (X-MS-CLIENT-PRINCIPAL, Authorization) are never read unless a provider that checks them is
 * configured.
 */
export function createAuthenticationProvider(
  settings: AuthSettings,
  mode: HostMode,
  keySetOptions: KeySetOptions = {},
  log?: Logger,
): AuthenticationProvider {
  switch (settings.kind) {
    case 'default':
      return mode === 'development' ? developmentRoleAuthentication : anonymousAuthentication
    case 'unauthenticated':
      return anonymousAuthentication
    case 'simulator':
      return simulatorAuthentication
    case 'easy-auth':
      return createEasyAuthAuthentication(settings.flavour)
    case 'jwt':
      return createJwtAuthentication(settings.jwt, keySetOptions, log)
  }
}
