import type { AuthenticationConfig } from '@sluice/core'
import type { JwtSettings, KeySourceSettings, RolesClaimSettings, RolesFormat } from './auth-settings.js'
import { AUTH_PATH } from './create-auth-config-error.js'
import { parseRolesPath } from './parse-roles-path.js'
import { readConfigUrl } from './read-config-url.js'
import { readStaticKey } from './read-static-key.js'

const JWT_PATH = `${AUTH_PATH}.jwt`
const DEFAULT_CLOCK_SKEW_SECONDS = 60
const MAX_CLOCK_SKEW_SECONDS = 600
const ROLES_FORMATS: readonly RolesFormat[] = ['array', 'string', 'delimited-string']

/**
 * Reads the JWT bearer settings: `jwt.audience` and `jwt.issuer` (required, as in Data API builder), where the
 * signing keys come from (`jwt.jwks-uri`, `jwt.key`, else OIDC discovery from the issuer), `jwt.clock-skew-seconds`
 * and the roles claim (`jwt.roles-path`, `jwt.roles-format`, `jwt.roles-delimiter`; `roles-claim` beside
 * `provider` is accepted as another spelling of `jwt.roles-path`). Problems are added to `problems`.
 */
export function readJwtSettings(
  provider: string,
  authentication: AuthenticationConfig,
  problems: string[],
): JwtSettings | undefined {
  const jwt = readObject(authentication.raw['jwt'])
  const audience = authentication.jwt?.audience
  const issuer = authentication.jwt?.issuer
  if (audience === undefined || audience.trim() === '')
    problems.push(`${JWT_PATH}.audience: required by the ${provider} provider (the audience tokens must be issued for)`)
  if (issuer === undefined || issuer.trim() === '')
    problems.push(`${JWT_PATH}.issuer: required by the ${provider} provider (the issuer tokens must come from)`)
  const keys = readKeySource(jwt, issuer?.trim() === '' ? undefined : issuer, problems)
  const clockSkewSeconds = readClockSkew(jwt['clock-skew-seconds'], problems)
  const roles = readRolesClaim(jwt, authentication.raw['roles-claim'], problems)
  if (
    audience === undefined ||
    issuer === undefined ||
    keys === undefined ||
    clockSkewSeconds === undefined ||
    roles === undefined
  )
    return undefined
  return Object.freeze({ provider, audience, issuer, keys, clockSkewSeconds, roles })
}

function readKeySource(
  jwt: Record<string, unknown>,
  issuer: string | undefined,
  problems: string[],
): KeySourceSettings | undefined {
  const jwksUri = jwt['jwks-uri']
  const key = jwt['key']
  if (jwksUri !== undefined && key !== undefined) {
    problems.push(`${JWT_PATH}: give either jwks-uri or key, not both`)
    return undefined
  }
  if (jwksUri !== undefined) {
    const url = typeof jwksUri === 'string' ? readConfigUrl(jwksUri) : { error: 'must be a URL string' }
    if (url instanceof URL) return { kind: 'jwks-uri', url }
    problems.push(`${JWT_PATH}.jwks-uri: ${url.error}`)
    return undefined
  }
  if (key !== undefined) {
    const read = readStaticKey(key)
    if ('error' in read) {
      problems.push(`${JWT_PATH}.key: ${read.error}`)
      return undefined
    }
    return { kind: 'static', key: read }
  }
  if (issuer === undefined) return undefined
  const url = readConfigUrl(issuer)
  if (url instanceof URL)
    return {
      kind: 'discovery',
      metadataUrl: new URL(`${url.href.replace(/\/+$/, '')}/.well-known/openid-configuration`),
    }
  problems.push(
    `${JWT_PATH}.issuer: ${url.error}; signing keys are discovered from the issuer's /.well-known/openid-configuration ` +
      'unless jwt.jwks-uri or jwt.key is given',
  )
  return undefined
}

function readClockSkew(value: unknown, problems: string[]): number | undefined {
  if (value === undefined) return DEFAULT_CLOCK_SKEW_SECONDS
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_CLOCK_SKEW_SECONDS) return n
  problems.push(
    `${JWT_PATH}.clock-skew-seconds: must be a whole number of seconds from 0 to ${MAX_CLOCK_SKEW_SECONDS}; got ${JSON.stringify(value)}`,
  )
  return undefined
}

function readRolesClaim(
  jwt: Record<string, unknown>,
  rolesClaim: unknown,
  problems: string[],
): RolesClaimSettings | undefined {
  const rolesPath = jwt['roles-path']
  if (rolesPath !== undefined && rolesClaim !== undefined && rolesPath !== rolesClaim) {
    problems.push(`${AUTH_PATH}.roles-claim: another spelling of jwt.roles-path, which says something else; keep one`)
    return undefined
  }
  const path = rolesPath ?? rolesClaim ?? 'roles'
  const format = jwt['roles-format'] ?? 'array'
  const delimiter = jwt['roles-delimiter'] ?? ' '
  const before = problems.length
  const parsed = typeof path === 'string' ? parseRolesPath(path) : { error: 'must be a string' }
  if ('error' in parsed)
    problems.push(
      `${JWT_PATH}.roles-path: ${parsed.error}; write e.g. realm_access.roles or ['https://example.com/roles']`,
    )
  if (!ROLES_FORMATS.includes(format as RolesFormat))
    problems.push(`${JWT_PATH}.roles-format: must be one of ${ROLES_FORMATS.join(', ')}; got ${JSON.stringify(format)}`)
  if (typeof delimiter !== 'string' || delimiter === '')
    problems.push(`${JWT_PATH}.roles-delimiter: must be a non-empty string`)
  if (problems.length > before || 'error' in parsed) return undefined
  return Object.freeze({
    path: path as string,
    segments: Object.freeze([...parsed.segments]),
    format: format as RolesFormat,
    delimiter: delimiter as string,
  })
}

function readObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
