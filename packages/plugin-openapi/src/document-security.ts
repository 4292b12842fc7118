import type { RuntimeConfig } from '@sluice/core/protocol'
import type { SecurityRequirement, SecurityScheme } from './openapi-types.js'

const BEARER_SCHEME = 'bearerAuth'

type AuthenticationConfig = RuntimeConfig['runtime']['host']['authentication']

/** Built-in providers whose callers send no credentials of their own (EasyAuth's platform adds its header itself). */
const NO_CLIENT_CREDENTIALS = new Set(['unauthenticated', 'simulator', 'staticwebapps', 'appservice'])

export interface DocumentSecurity {
  readonly security: readonly SecurityRequirement[]
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>
}

/**
 * What a role's document says callers must present. Only a JWT provider takes a credential the client sends
 * (`Authorization: Bearer`), and only for a role other than `anonymous`: that document requires the bearer scheme.
 * Every other document requires nothing (`security: []`) and declares no scheme — the development role header is a
 * parameter, and Static Web Apps or App Service authenticate the caller before the request reaches Sluice.
 */
export function documentSecurity(authentication: AuthenticationConfig, role: string): DocumentSecurity {
  if (role === 'anonymous' || !takesBearerToken(authentication)) return { security: [] }
  return {
    security: [{ [BEARER_SCHEME]: [] }],
    securitySchemes: {
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'A JWT from the configured identity provider; its roles claim must hold the role.',
      },
    },
  }
}

/**
 * The auth plugin's rule: EntraID, AzureAD, Custom, or a name that is not built in (accepted only with `jwt`
 * settings, as a generic JWT provider). No `authentication` section, or one without `provider`, takes no token.
 */
function takesBearerToken(authentication: AuthenticationConfig): boolean {
  const provider = authentication?.provider?.trim().toLowerCase()
  return provider !== undefined && !NO_CLIENT_CREDENTIALS.has(provider)
}
