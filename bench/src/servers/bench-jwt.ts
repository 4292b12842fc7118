import { createHmac } from 'node:crypto'

/**
 * The `list-jwt` scenario's token: HS256, signed with a fixed 256-bit bench secret that Sluice's config holds as a
 * JWK (`jwt.key`), for the role `reader`. Benchmark-only: the secret is public on purpose.
 */
const SECRET = Buffer.from('sluice-bench-hmac-secret-32bytes', 'utf8')
export const JWT_AUDIENCE = 'sluice-bench'
export const JWT_ISSUER = 'urn:sluice-bench'
export const JWT_ROLE = 'reader'

/** `jwt.key` for Sluice's config: the secret as an `oct` JWK. */
export const JWT_KEY = { kty: 'oct', k: SECRET.toString('base64url') } as const

/** A token valid for a day from now, carrying the `reader` role. */
export function benchToken(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'bench', aud: JWT_AUDIENCE, iss: JWT_ISSUER, roles: [JWT_ROLE], iat: seconds, exp: seconds + 86_400 })}`
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`
}
