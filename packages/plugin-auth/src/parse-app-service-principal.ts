import { ANONYMOUS_PRINCIPAL, type Principal } from '@sluice/core'
import { createInvalidPrincipalError } from './create-invalid-principal-error.js'
import { getPropertyIgnoringCase } from './get-property-ignoring-case.js'
import { normalizeRoles } from './normalize-roles.js'

/** .NET's default role claim type, which App Service uses when `role_typ` is absent. */
const DEFAULT_ROLE_TYPE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role'

/**
 * An App Service client principal `{auth_typ, name_typ, role_typ, claims: [{typ, val}]}` (names matched
 * case-insensitively). `auth_typ` must be non-empty (else 401, as in Data API builder). Each claim keeps its value;
 * a type given more than once becomes an array. Roles are the values of the `role_typ` claims; a caller whose only
 * role is `anonymous` is anonymous.
 */
export function parseAppServicePrincipal(payload: Readonly<Record<string, unknown>>): Principal {
  const authType = getPropertyIgnoringCase(payload, 'auth_typ')
  if (typeof authType !== 'string' || authType.trim() === '') throw createInvalidPrincipalError('has no auth_typ')
  const roleTypeValue = getPropertyIgnoringCase(payload, 'role_typ')
  if (roleTypeValue !== undefined && roleTypeValue !== null && typeof roleTypeValue !== 'string')
    throw createInvalidPrincipalError('has a role_typ that is not a string')
  const roleType = typeof roleTypeValue === 'string' && roleTypeValue.trim() !== '' ? roleTypeValue : DEFAULT_ROLE_TYPE
  const grouped = groupClaims(getPropertyIgnoringCase(payload, 'claims'))
  const roleValues = grouped.get(roleType) ?? []
  const roles = normalizeRoles(roleValues)
  if (roles.length > 0 && roles.every((role) => role === 'anonymous')) return ANONYMOUS_PRINCIPAL
  const claims: Record<string, unknown> = {}
  for (const [type, values] of grouped) claims[type] = values.length === 1 ? values[0] : Object.freeze([...values])
  return Object.freeze({ authenticated: true, roles, claims: Object.freeze(claims) })
}

/** `[{typ, val}]` → values by type, in order; entries missing `typ` or `val` are skipped, as Data API builder does. */
function groupClaims(claims: unknown): Map<string, string[]> {
  const grouped = new Map<string, string[]>()
  if (claims === undefined || claims === null) return grouped
  if (!Array.isArray(claims)) throw createInvalidPrincipalError('has claims that are not an array')
  for (const claim of claims) {
    if (typeof claim !== 'object' || claim === null || Array.isArray(claim))
      throw createInvalidPrincipalError('has a claim that is not an object')
    const typ = getPropertyIgnoringCase(claim as Record<string, unknown>, 'typ')
    const val = getPropertyIgnoringCase(claim as Record<string, unknown>, 'val')
    if (typ === undefined || typ === null || val === undefined || val === null) continue
    if (typeof typ !== 'string' || typeof val !== 'string')
      throw createInvalidPrincipalError('has a claim whose typ or val is not a string')
    const values = grouped.get(typ) ?? []
    values.push(val)
    grouped.set(typ, values)
  }
  return grouped
}
