import { createLocalJWKSet, type JWTVerifyGetKey, type JWTVerifyOptions, type KeyInput } from 'jose'
import type { JwtSettings } from './auth-settings.js'
import { createDiscoveredKeySet } from './create-discovered-key-set.js'
import { createRemoteKeySet } from './create-remote-key-set.js'
import { guardKeyFetch } from './guard-key-fetch.js'
import { hmacKeyResolver } from './hmac-key-resolver.js'
import { resolveKeySetOptions, type KeySetOptions } from './key-set-options.js'

/** Asymmetric JWS algorithms: what keys from a JWKS may verify (never HMAC, never `none`). */
const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]

/** A key (or key resolver) and the checks every token must pass. */
export interface TokenVerifier {
  readonly key: KeyInput | JWTVerifyGetKey
  readonly options: JWTVerifyOptions
}

/**
 * Everything needed to verify this provider's tokens: the signing keys (discovered, fetched from `jwks-uri`, or
 * configured), the accepted algorithms, audience and issuer, `exp` required, and the clock skew for `exp`/`nbf`.
 */
export function createTokenVerifier(settings: JwtSettings, keySetOptions: KeySetOptions = {}): TokenVerifier {
  const fetching = resolveKeySetOptions(keySetOptions)
  const checks = {
    audience: settings.audience,
    issuer: settings.issuer,
    clockTolerance: settings.clockSkewSeconds,
    requiredClaims: ['exp'],
  }
  const source = settings.keys
  switch (source.kind) {
    case 'discovery':
      return {
        key: guardKeyFetch(createDiscoveredKeySet(source.metadataUrl, fetching)),
        options: { ...checks, algorithms: ASYMMETRIC_ALGORITHMS },
      }
    case 'jwks-uri':
      return {
        key: guardKeyFetch(createRemoteKeySet(source.url, fetching)),
        options: { ...checks, algorithms: ASYMMETRIC_ALGORITHMS },
      }
    case 'static':
      if (source.key.kind === 'jwks') {
        return {
          key: createLocalJWKSet(source.key.jwks as never),
          options: { ...checks, algorithms: ASYMMETRIC_ALGORITHMS },
        }
      }
      // An HMAC secret is imported once per algorithm, not by jose for every token (see hmacKeyResolver).
      return {
        key: source.key.key.type === 'secret' ? hmacKeyResolver(source.key.key) : source.key.key,
        options: { ...checks, algorithms: [...source.key.algorithms] },
      }
  }
}
