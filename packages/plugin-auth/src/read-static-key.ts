import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto'
import type { StaticKey } from './auth-settings.js'
import { inferKeyAlgorithms } from './infer-key-algorithms.js'

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth']
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512']

/**
 * Reads `jwt.key`: a PEM public key or X.509 certificate (a string; `\n` escapes from environment variables are
 * accepted), a single JWK object (public, or `kty: "oct"` for an HMAC secret of at least 256 bits), or a JWKS
 * object `{ "keys": [ … ] }` of public keys chosen by the token's `kid`. Private keys are refused.
 */
export function readStaticKey(value: unknown): StaticKey | { readonly error: string } {
  if (typeof value === 'string') return readPem(value)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'must be a PEM public key or certificate, a JWK object, or a JWKS object {"keys": […]}' }
  }
  const object = value as Record<string, unknown>
  if (Array.isArray(object['keys'])) return readJwks(object['keys'])
  return readJwk(object)
}

function readPem(text: string): StaticKey | { readonly error: string } {
  const pem = text.trim().replace(/\\n/g, '\n')
  if (/PRIVATE KEY/.test(pem)) return { error: 'is a private key; give the public key or certificate only' }
  if (!pem.startsWith('-----BEGIN '))
    return {
      error: 'must be a PEM public key or certificate (-----BEGIN PUBLIC KEY----- …), a JWK object, or a JWKS object',
    }
  let key: KeyObject
  try {
    key = createPublicKey(pem)
  } catch (error) {
    return { error: `is not a readable PEM public key or certificate (${(error as Error).message})` }
  }
  return withAlgorithms(key, undefined)
}

function readJwk(jwk: Record<string, unknown>): StaticKey | { readonly error: string } {
  if (typeof jwk['kty'] !== 'string')
    return { error: 'is an object without "kty"; give a JWK or a JWKS object {"keys": […]}' }
  const alg = typeof jwk['alg'] === 'string' ? jwk['alg'] : undefined
  if (jwk['kty'] === 'oct') {
    if (typeof jwk['k'] !== 'string') return { error: 'is a symmetric JWK without "k"' }
    const secret = Buffer.from(jwk['k'], 'base64url')
    if (secret.length < 32) return { error: 'is a symmetric key shorter than 256 bits' }
    if (alg !== undefined && !HMAC_ALGORITHMS.includes(alg))
      return { error: `is a symmetric key with unsupported alg '${alg}'` }
    return Object.freeze({
      kind: 'key',
      key: createSecretKey(secret),
      algorithms: alg === undefined ? HMAC_ALGORITHMS : [alg],
    })
  }
  if (PRIVATE_JWK_MEMBERS.some((m) => m in jwk)) return { error: 'is a private JWK; give the public key only' }
  let key: KeyObject
  try {
    key = createPublicKey({ key: jwk as never, format: 'jwk' })
  } catch (error) {
    return { error: `is not a usable public JWK (${(error as Error).message})` }
  }
  return withAlgorithms(key, alg)
}

function withAlgorithms(key: KeyObject, alg: string | undefined): StaticKey | { readonly error: string } {
  const algorithms = inferKeyAlgorithms(key)
  if (algorithms === undefined)
    return { error: `is a ${key.asymmetricKeyType ?? 'unknown'} key, which JWTs do not use` }
  if (alg !== undefined && !algorithms.includes(alg))
    return { error: `declares alg '${alg}', which its key type cannot verify` }
  return Object.freeze({ kind: 'key', key, algorithms: alg === undefined ? algorithms : [alg] })
}

function readJwks(keys: readonly unknown[]): StaticKey | { readonly error: string } {
  if (keys.length === 0) return { error: 'is a JWKS without keys' }
  for (const [i, jwk] of keys.entries()) {
    if (typeof jwk !== 'object' || jwk === null || typeof (jwk as Record<string, unknown>)['kty'] !== 'string') {
      return { error: `keys[${i}] is not a JWK object` }
    }
    const member = jwk as Record<string, unknown>
    if (member['kty'] === 'oct')
      return { error: `keys[${i}] is a symmetric key; give a symmetric key as a single JWK, not in a JWKS` }
    if (PRIVATE_JWK_MEMBERS.some((m) => m in member))
      return { error: `keys[${i}] is a private JWK; give public keys only` }
  }
  return Object.freeze({ kind: 'jwks', jwks: Object.freeze({ keys: keys as Record<string, unknown>[] }) })
}
