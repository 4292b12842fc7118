import { ANONYMOUS_PRINCIPAL, type Principal } from '@sluice/core'
import { createInvalidPrincipalError } from './create-invalid-principal-error.js'
import { getPropertyIgnoringCase } from './get-property-ignoring-case.js'
import { normalizeRoles } from './normalize-roles.js'

/**
 * A Static Web Apps client principal `{identityProvider, userId, userDetails, userRoles}` (names matched
 * case-insensitively). Claims are Data API builder's: `userId`, `userDetails` and `roles` (the roles as written).
 * Without `userRoles` the payload is invalid (401); a caller whose only role is `anonymous` is anonymous.
 */
export function parseStaticWebAppsPrincipal(payload: Readonly<Record<string, unknown>>): Principal {
  const userRoles = getPropertyIgnoringCase(payload, 'userRoles')
  if (!Array.isArray(userRoles) || userRoles.length === 0) throw createInvalidPrincipalError('has no userRoles')
  if (!userRoles.every((role) => typeof role === 'string'))
    throw createInvalidPrincipalError('has userRoles that are not all strings')
  const roles = normalizeRoles(userRoles as string[])
  if (roles.every((role) => role === 'anonymous')) return ANONYMOUS_PRINCIPAL
  const claims: Record<string, unknown> = {}
  for (const name of ['userId', 'userDetails']) {
    const value = getPropertyIgnoringCase(payload, name)
    if (value !== undefined && value !== null && typeof value !== 'string')
      throw createInvalidPrincipalError(`has a ${name} that is not a string`)
    if (typeof value === 'string' && value.trim() !== '') claims[name] = value
  }
  claims['roles'] = Object.freeze([...(userRoles as string[])])
  return Object.freeze({ authenticated: true, roles, claims: Object.freeze(claims) })
}
