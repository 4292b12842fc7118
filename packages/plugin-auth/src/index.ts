/**
 * The authentication plugin: add it to a server's plugins (the server's defaults include it) to select the
 * provider named by `runtime.host.authentication.provider`. See docs/security.md.
 */
export { authPlugin } from './auth-plugin.js'
export type { AuthPluginOptions } from './auth-plugin.js'
/** Remote signing-key fetching and caching options (`authPlugin({ keySet })`). */
export type { KeySetOptions } from './key-set-options.js'
/** Reads and checks an `authentication` section without booting (for tooling and tests); throws `SLUICE_ERR_CONFIG`. */
export { readAuthSettings } from './read-auth-settings.js'
export type { AuthSettingsInput } from './read-auth-settings.js'
/** The checked settings a provider is built from. */
export type {
  AuthSettings,
  EasyAuthFlavour,
  JwtSettings,
  KeySourceSettings,
  RolesClaimSettings,
  RolesFormat,
  StaticKey,
} from './auth-settings.js'
/** Builds the provider for checked settings (what `authPlugin` registers). */
export { createAuthenticationProvider } from './create-authentication-provider.js'
/** Reads a roles claim path (`realm_access.roles`, `['https://example.com/roles']`) into property names. */
export { parseRolesPath } from './parse-roles-path.js'
