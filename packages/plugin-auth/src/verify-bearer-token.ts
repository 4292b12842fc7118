import { isSluiceError } from '@sluice/core'
import { errors, jwtVerify, type JWTPayload, type KeyInput } from 'jose'
import { createInvalidTokenError } from './create-invalid-token-error.js'
import type { TokenVerifier } from './create-token-verifier.js'

/**
 * Verifies a bearer token's signature and claims and returns its claims set. Any failure is a 401
 * (`SLUICE_ERR_INVALID_TOKEN`, saying briefly why) — except an unreachable identity provider, which stays 503.
 * A token without `kid` that several keys could verify is tried against each (jose leaves that to the caller).
 */
export async function verifyBearerToken(token: string, verifier: TokenVerifier): Promise<JWTPayload> {
  try {
    return await verifyWithEachCandidate(token, verifier)
  } catch (error) {
    if (isSluiceError(error)) throw error
    throw createInvalidTokenError(describeFailure(error), (error as Error | null)?.message, error)
  }
}

async function verifyWithEachCandidate(token: string, verifier: TokenVerifier): Promise<JWTPayload> {
  try {
    return (await jwtVerify(token, verifier.key, verifier.options)).payload
  } catch (error) {
    if (codeOf(error) !== 'ERR_JWKS_MULTIPLE_MATCHING_KEYS') throw error
    for await (const key of error as unknown as AsyncIterable<KeyInput>) {
      try {
        return (await jwtVerify(token, key, verifier.options)).payload
      } catch (inner) {
        if (codeOf(inner) !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw inner
      }
    }
    throw new errors.JWSSignatureVerificationFailed()
  }
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code
}

/** A short reason a client can act on; never the token's contents. */
function describeFailure(error: unknown): string {
  const e = error as { code?: string; claim?: string; reason?: string } | null
  switch (e?.code) {
    case 'ERR_JWT_EXPIRED':
      return 'it has expired'
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (e.reason === 'missing') return `it has no "${e.claim ?? ''}" claim`
      if (e.claim === 'nbf') return 'it is not valid yet'
      if (e.claim === 'aud') return 'it was issued for another audience'
      if (e.claim === 'iss') return 'it comes from another issuer'
      return `its "${e.claim ?? ''}" claim is not acceptable`
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'its signature does not verify'
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'its signing algorithm is not accepted'
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'no signing key of the issuer matches it'
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return 'it is not a well-formed signed JWT'
    default:
      return 'it could not be verified'
  }
}
