import type { AuthenticationProvider, HostMode } from '@sluice/core'
import { createAuthenticationProvider } from '../../src/create-authentication-provider.js'
import type { KeySetOptions } from '../../src/key-set-options.js'
import { readAuthSettings } from '../../src/read-auth-settings.js'
import { configWithAuthentication } from './auth-config.js'
import { AUDIENCE } from './identity-provider.js'

/**
 * The provider a server would build for `{ provider, jwt: { audience, issuer, …jwt } , …extra }`, through the same
 * config loader and settings reader the plugin uses.
 */
export function jwtProvider(
  issuer: string,
  jwt: Record<string, unknown> = {},
  options: { extra?: Record<string, unknown>; keySet?: KeySetOptions; mode?: HostMode; provider?: string } = {},
): AuthenticationProvider {
  const authentication = {
    provider: options.provider ?? 'Custom',
    jwt: { audience: AUDIENCE, issuer, ...jwt },
    ...options.extra,
  }
  const config = configWithAuthentication(authentication, options.mode ?? 'production')
  const { settings } = readAuthSettings({
    authentication: config.runtime.host.authentication,
    mode: config.runtime.host.mode,
    environment: {},
  })
  return createAuthenticationProvider(settings, config.runtime.host.mode, options.keySet)
}
