import { webcrypto, type KeyObject } from 'node:crypto'
import type { JWTVerifyGetKey } from 'jose'

const HASH_OF: Readonly<Record<string, string>> = { HS256: 'SHA-256', HS384: 'SHA-384', HS512: 'SHA-512' }

/**
 * An HMAC secret as jose's key resolver, holding one WebCrypto key per algorithm, imported at its first use. Given
 * the secret itself (a KeyObject or its bytes), jose imports it again for every token it verifies — about a third of
 * the server's CPU on a request with a bearer token. jose checks the token's `alg` against the accepted algorithms
 * before it asks for the key, so only those reach here.
 */
export function hmacKeyResolver(secret: KeyObject): JWTVerifyGetKey {
  const bytes = secret.export()
  const keys = new Map<string, Promise<webcrypto.CryptoKey>>()
  return (header) => {
    const alg = header.alg ?? ''
    const hash = HASH_OF[alg]
    if (hash === undefined) return secret
    let key = keys.get(alg)
    if (key === undefined) {
      key = webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash }, false, ['verify'])
      keys.set(alg, key)
    }
    return key
  }
}
