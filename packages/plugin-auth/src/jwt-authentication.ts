import {
  ANONYMOUS_PRINCIPAL,
  isSluiceError,
  type AuthenticationProvider,
  type HttpRequest,
  type Logger,
  type Principal,
} from '@sluice/core'
import type { JwtSettings } from './auth-settings.js'
import { createInvalidTokenError } from './create-invalid-token-error.js'
import { createTokenVerifier } from './create-token-verifier.js'
import { extractRoles } from './extract-roles.js'
import { resolveKeySetOptions, type KeySetOptions } from './key-set-options.js'
import { readBearerToken } from './read-bearer-token.js'
import { VerifiedTokenCache } from './verified-token-cache.js'
import { verifyBearerToken } from './verify-bearer-token.js'

/**
 * JWT bearer authentication (`EntraID`, `AzureAD`, `Custom`): no token → anonymous; a valid token → an
 * authenticated principal whose claims are the token's claims set as issued and whose roles are read from the
 * configured roles claim; any invalid token → 401 with `WWW-Authenticate: Bearer error="invalid_token"`, never
 * an anonymous fallback. A token verified lately is not verified again (see VerifiedTokenCache).
 */
export function createJwtAuthentication(
  settings: JwtSettings,
  keySetOptions: KeySetOptions = {},
  log?: Logger,
): AuthenticationProvider {
  const verifier = createTokenVerifier(settings, keySetOptions)
  // Keys from the issuer are fetched again at cacheMaxAgeMs: a verified token is kept no longer than that.
  const verified = new VerifiedTokenCache(
    settings.keys.kind === 'static' ? {} : { maxAgeMs: resolveKeySetOptions(keySetOptions).cacheMaxAgeMs },
  )
  return Object.freeze({
    name: settings.provider,
    // Synchronous for a request without a token and for a token verified lately (most requests): the host then
    // awaits nothing (see core's resolveRequestContext). Only a token not seen yet is verified, asynchronously.
    authenticate(request: HttpRequest): Principal | Promise<Principal> {
      let token: string | undefined
      try {
        token = readBearerToken(request)
      } catch (error) {
        return Promise.reject(error as Error) // a malformed header: refused like a bad token, as a rejection
      }
      if (token === undefined) return ANONYMOUS_PRINCIPAL
      return verified.get(token) ?? verify(token)
    },
  })

  async function verify(token: string): Promise<Principal> {
    try {
      const claims = await verifyBearerToken(token, verifier)
      const roles = extractRoles(claims, settings.roles)
      if ('invalid' in roles) throw createInvalidTokenError(roles.invalid)
      const principal: Principal = Object.freeze({
        authenticated: true,
        roles: roles.roles,
        claims: Object.freeze({ ...claims }),
      })
      verified.set(token, principal, claims.exp, settings.clockSkewSeconds)
      return principal
    } catch (error) {
      if (isSluiceError(error) && error.status === 401)
        log?.debug({ reason: error.message, detail: error.devDetail }, 'bearer token rejected')
      throw error
    }
  }
}
