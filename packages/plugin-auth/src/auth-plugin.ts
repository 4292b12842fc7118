import { Tokens, type SluicePlugin } from '@sluice/core'
import { createAuthenticationProvider } from './create-authentication-provider.js'
import type { KeySetOptions } from './key-set-options.js'
import { findUnreachableRoles } from './find-unreachable-roles.js'
import { readAuthSettings } from './read-auth-settings.js'

export interface AuthPluginOptions {
  /**
   * Environment variables for the Static Web Apps and App Service platform checks (`WEBSITE_SITE_NAME`,
   * `WEBSITE_AUTH_ENABLED`). The plugin never reads `process.env` itself; the server passes it. Default: none.
   */
  readonly environment?: Readonly<Record<string, string | undefined>>
  /** How remote signing keys are fetched and cached. */
  readonly keySet?: KeySetOptions
}

/**
 * Authentication selected by `runtime.host.authentication.provider`: `Simulator` (development only),
 * `StaticWebApps`/`AppService` (X-MS-CLIENT-PRINCIPAL), `EntraID`/`AzureAD`/`Custom` (JWT bearer), or
 * `Unauthenticated`. Reads and checks the settings at boot (every problem at once, `SLUICE_ERR_CONFIG`) and
 * provides `Tokens.AuthenticationProvider`. docs/security.md describes each provider and its settings.
 */
export function authPlugin(options: AuthPluginOptions = {}): SluicePlugin {
  return {
    name: '@sluice/plugin-auth',
    core: '^0.1.0',
    register(registry) {
      const mode = registry.config.runtime.host.mode
      const { settings, warnings } = readAuthSettings({
        authentication: registry.config.runtime.host.authentication,
        mode,
        environment: options.environment ?? {},
      })
      for (const warning of warnings) registry.log.warn(warning)
      const anonymousOnly =
        settings.kind === 'unauthenticated'
          ? 'The authentication provider is Unauthenticated'
          : settings.kind === 'default' && mode === 'production'
            ? 'No authentication provider is configured in production mode'
            : undefined
      const unreachable = anonymousOnly === undefined ? undefined : findUnreachableRoles(registry.config, anonymousOnly)
      if (unreachable !== undefined) registry.log.warn(unreachable)
      const provider = createAuthenticationProvider(settings, mode, options.keySet, registry.log)
      registry.log.debug({ provider: provider.name }, 'authentication provider selected')
      registry.provide(Tokens.AuthenticationProvider, { useValue: provider })
    },
  }
}
