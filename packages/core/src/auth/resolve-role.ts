import { SluiceError } from '../errors/sluice-error.js'
import type { Principal } from '../request/request-context.js'

/** The header that selects the role a caller acts as (Data API builder's name; matched case-insensitively). */
export const ROLE_HEADER = 'x-ms-api-role'

/**
 * The effective role (lower-cased), per Data API builder's role resolution: without the header an authenticated
 * caller is `authenticated` and everyone else `anonymous`; an anonymous caller cannot pick a role; an authenticated
 * caller may pick `anonymous`, `authenticated` or a role it holds — any other role is a 403.
 */
export function resolveRole(principal: Principal, header: string | undefined, repeated = false): string {
  if (repeated) throw new SluiceError('SLUICE_ERR_ROLE_NOT_HELD', { role: '(the header is repeated)' })
  const fallback = principal.authenticated ? 'authenticated' : 'anonymous'
  const requested = header?.trim().toLowerCase()
  if (requested === undefined || requested === '' || !principal.authenticated) return fallback
  if (requested === 'anonymous' || requested === 'authenticated' || principal.roles.includes(requested))
    return requested
  throw new SluiceError('SLUICE_ERR_ROLE_NOT_HELD', { role: header!.trim() })
}
