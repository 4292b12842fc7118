import { isSluiceError, SluiceError } from '@sluice/core'
import type { JWTVerifyGetKey } from 'jose'

/** jose errors from choosing a key that say something about the token (so a 401), not about the key source. */
const TOKEN_ERRORS = new Set([
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JWK_INVALID',
])

/**
 * Wraps a remote key resolver so failures to reach or read the identity provider (network, timeout, non-200,
 * bad JSON, a malformed JWKS) become `SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE` (503, logged with the cause),
 * while a token no key matches stays a token problem.
 */
export function guardKeyFetch(resolve: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await resolve(header, token)
    } catch (error) {
      if (isSluiceError(error) || TOKEN_ERRORS.has((error as { code?: string } | null)?.code ?? '')) throw error
      throw new SluiceError('SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE', {}, { cause: error })
    }
  }
}
