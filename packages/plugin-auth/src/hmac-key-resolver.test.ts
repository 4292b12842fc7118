import { createSecretKey, randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT, type JWTHeaderParameters, type FlattenedJWSInput } from 'jose'
import { describe, expect, it } from 'vitest'
import { hmacKeyResolver } from './hmac-key-resolver.js'

const token = { payload: '', signature: '' } as FlattenedJWSInput

describe('hmacKeyResolver', () => {
  it('imports the secret once per algorithm and hands out that key for every later token', async () => {
    const resolve = hmacKeyResolver(createSecretKey(randomBytes(32)))
    const first = await resolve({ alg: 'HS256' } as JWTHeaderParameters, token)
    expect(await resolve({ alg: 'HS256' } as JWTHeaderParameters, token)).toBe(first)
    const other = await resolve({ alg: 'HS512' } as JWTHeaderParameters, token)
    expect(other).not.toBe(first)
    expect((other as { algorithm: unknown }).algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-512' } })
  })

  it('verifies tokens signed with the secret under each HMAC algorithm, and no others', async () => {
    const secret = randomBytes(64)
    const resolve = hmacKeyResolver(createSecretKey(secret))
    for (const alg of ['HS256', 'HS384', 'HS512']) {
      const signed = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg }).sign(secret)
      expect((await jwtVerify(signed, resolve, { algorithms: [alg] })).payload.sub).toBe('a')
      const forged = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg }).sign(randomBytes(64))
      await expect(jwtVerify(forged, resolve, { algorithms: [alg] })).rejects.toMatchObject({
        code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      })
    }
  })
})
