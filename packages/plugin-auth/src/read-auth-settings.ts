import type { AuthenticationConfig, HostMode } from '@sluice/core'
import type { AuthSettings } from './auth-settings.js'
import { checkEasyAuthPlatform } from './check-easy-auth-platform.js'
import { AUTH_PATH, createAuthConfigError } from './create-auth-config-error.js'
import { readJwtSettings } from './read-jwt-settings.js'

/** Provider names by their lower-cased spelling (names are matched case-insensitively, as Data API builder does). */
const PROVIDERS: Readonly<Record<string, string>> = {
  unauthenticated: 'Unauthenticated',
  simulator: 'Simulator',
  staticwebapps: 'StaticWebApps',
  appservice: 'AppService',
  entraid: 'EntraID',
  azuread: 'AzureAD',
  custom: 'Custom',
}
const JWT_PROVIDERS = new Set(['EntraID', 'AzureAD', 'Custom'])
const TRUST_KEY = 'trust-client-principal-header'

export interface AuthSettingsInput {
  readonly authentication: AuthenticationConfig | undefined
  readonly mode: HostMode
  /** Environment variables (for the Static Web Apps and App Service platform checks only). */
  readonly environment: Readonly<Record<string, string | undefined>>
}

/**
 * Decides the provider from `runtime.host.authentication` and checks its settings, reporting every problem at
 * once as `SLUICE_ERR_CONFIG`. Absent section → `default`; section without `provider` → `Unauthenticated` (Data API
 * builder's rule); an unknown provider name with `jwt` settings → generic JWT, as Data API builder treats it,
 * without them → a problem (probably a typo). `Simulator` refuses production mode.
 */
export function readAuthSettings(input: AuthSettingsInput): {
  readonly settings: AuthSettings
  readonly warnings: readonly string[]
} {
  const { authentication, mode } = input
  if (authentication === undefined) return { settings: { kind: 'default' }, warnings: [] }
  const problems: string[] = []
  const warnings: string[] = []
  const written = authentication.provider?.trim() ?? 'Unauthenticated'
  let provider = PROVIDERS[written.toLowerCase()]
  const hasJwt = authentication.raw['jwt'] !== undefined && authentication.raw['jwt'] !== null
  if (provider === undefined) {
    if (!hasJwt) {
      problems.push(
        `${AUTH_PATH}.provider: unknown provider '${written}'; use one of ${Object.values(PROVIDERS).join(', ')}`,
      )
      throw createAuthConfigError(problems)
    }
    warnings.push(
      `${AUTH_PATH}.provider '${written}' is not a built-in provider name; it is treated as a generic JWT provider (Custom).`,
    )
    provider = written
  }
  const isJwt = JWT_PROVIDERS.has(provider) || !Object.values(PROVIDERS).includes(provider)
  if (!isJwt && hasJwt)
    problems.push(
      `${AUTH_PATH}.jwt: only the EntraID, AzureAD and Custom providers read jwt; remove it for ${provider}`,
    )
  const trusted = readFlag(authentication.raw[TRUST_KEY])
  if (trusted === null) problems.push(`${AUTH_PATH}.${TRUST_KEY}: must be true or false`)
  if (trusted !== undefined && provider !== 'StaticWebApps' && provider !== 'AppService') {
    warnings.push(
      `${AUTH_PATH}.${TRUST_KEY} has no effect with the ${provider} provider (it is read by StaticWebApps and AppService only).`,
    )
  }
  const settings = decide(provider, isJwt, { ...input, authentication }, trusted === true, problems, warnings)
  if (problems.length > 0 || settings === undefined) throw createAuthConfigError(problems)
  return { settings, warnings }
}

function decide(
  provider: string,
  isJwt: boolean,
  input: AuthSettingsInput & { readonly authentication: AuthenticationConfig },
  trusted: boolean,
  problems: string[],
  warnings: string[],
): AuthSettings | undefined {
  if (isJwt) {
    const jwt = readJwtSettings(provider, input.authentication, problems)
    return jwt === undefined ? undefined : { kind: 'jwt', jwt }
  }
  switch (provider) {
    case 'Unauthenticated':
      return { kind: 'unauthenticated' }
    case 'Simulator':
      if (input.mode === 'production') {
        problems.push(
          `${AUTH_PATH}.provider: the Simulator provider lets any caller pick any role, so it runs in development mode only; ` +
            "set runtime.host.mode to 'development' or configure a real provider",
        )
      }
      return { kind: 'simulator' }
    default: {
      const flavour = provider === 'StaticWebApps' ? 'StaticWebApps' : 'AppService'
      const check = checkEasyAuthPlatform(flavour, input.mode, input.environment, trusted)
      if (check.problem !== undefined) problems.push(`${AUTH_PATH}.provider: ${check.problem}`)
      if (check.warning !== undefined) warnings.push(check.warning)
      return { kind: 'easy-auth', flavour }
    }
  }
}

/** `true`/`false`, also as strings (an `@env()` value is always a string); `null` for anything else. */
function readFlag(value: unknown): boolean | undefined | null {
  if (value === undefined || typeof value === 'boolean') return value
  const text = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return text === 'true' ? true : text === 'false' ? false : null
}
