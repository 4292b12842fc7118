import type { RolesClaimSettings } from './auth-settings.js'
import { normalizeRoles } from './normalize-roles.js'

/**
 * The caller's roles from a verified token's claims, found at the configured path and read in the configured
 * format, normalized. A path that leads nowhere gives no roles (the caller is still `authenticated`); a value of
 * the wrong type gives `invalid`, because a token whose roles cannot be read must not be half-trusted.
 */
export function extractRoles(
  claims: Readonly<Record<string, unknown>>,
  settings: RolesClaimSettings,
): { readonly roles: readonly string[] } | { readonly invalid: string } {
  let value: unknown = claims
  for (const segment of settings.segments) {
    if (!isObject(value) || !Object.hasOwn(value, segment)) return { roles: [] }
    value = value[segment]
  }
  if (value === undefined || value === null) return { roles: [] }
  switch (settings.format) {
    case 'array':
      if (typeof value === 'string') return { roles: normalizeRoles([value]) }
      if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        return { roles: normalizeRoles(value) }
      return { invalid: `its roles claim '${settings.path}' is not an array of strings` }
    case 'string':
      if (typeof value === 'string') return { roles: normalizeRoles([value]) }
      return { invalid: `its roles claim '${settings.path}' is not a string` }
    case 'delimited-string':
      if (typeof value === 'string') return { roles: normalizeRoles(value.split(settings.delimiter)) }
      return { invalid: `its roles claim '${settings.path}' is not a string` }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
