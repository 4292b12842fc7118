import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { importPKCS8, SignJWT } from 'jose'
import { bearerRequest, httpRequest } from './support/http-request.js'
import { AUDIENCE, createSigningKey, signToken, standardClaims } from './support/identity-provider.js'
import { jwtProvider } from './support/jwt-provider.js'

const ISSUER = 'https://issuer.example.com/'

describe('a signing key given in the config (jwt.key)', () => {
  it('verifies RS256 tokens with a PEM public key, also written with \\n escapes as environment variables hold it', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const token = await new SignJWT(standardClaims(ISSUER))
      .setProtectedHeader({ alg: 'RS256', kid: 'any' })
      .sign(await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256'))
    for (const key of [pem, pem.replace(/\n/g, '\\n')]) {
      expect((await jwtProvider(ISSUER, { key }).authenticate(bearerRequest(token))).authenticated).toBe(true)
    }
  })

  it('verifies ES256 tokens with a public JWK, whatever kid the token carries', async () => {
    const signer = await createSigningKey('ES256', 'kid-in-token')
    const { kid: _kid, ...jwk } = signer.publicJwk
    const provider = jwtProvider(ISSUER, { key: jwk })
    expect(await provider.authenticate(bearerRequest(await signToken(signer, standardClaims(ISSUER))))).toMatchObject({
      authenticated: true,
    })
  })

  it('chooses from a JWKS by kid', async () => {
    const a = await createSigningKey('RS256', 'a')
    const b = await createSigningKey('ES256', 'b')
    const provider = jwtProvider(ISSUER, { key: { keys: [a.publicJwk, b.publicJwk] } })
    expect(await provider.authenticate(bearerRequest(await signToken(b, standardClaims(ISSUER))))).toMatchObject({
      authenticated: true,
    })
    const stranger = await createSigningKey('RS256', 'c')
    await expect(
      provider.authenticate(bearerRequest(await signToken(stranger, standardClaims(ISSUER)))),
    ).rejects.toMatchObject({ status: 401 })
  })

  it('answers without a promise when there is no token and for a token it verified lately', async () => {
    const signer = await createSigningKey('ES256', 'a')
    const provider = jwtProvider(ISSUER, { key: { keys: [signer.publicJwk] } })
    expect(provider.authenticate(httpRequest({}))).toEqual({ authenticated: false, roles: [], claims: {} })
    const token = await signToken(signer, standardClaims(ISSUER))
    const first = provider.authenticate(bearerRequest(token))
    expect(first).toBeInstanceOf(Promise)
    const verified = await first
    expect(verified).toMatchObject({ authenticated: true })
    expect(provider.authenticate(bearerRequest(token))).toBe(verified)
  })

  it('verifies HS256 tokens with a symmetric JWK and refuses them signed with another secret', async () => {
    const secret = randomBytes(32)
    const provider = jwtProvider(ISSUER, { key: { kty: 'oct', k: secret.toString('base64url') } })
    const good = await new SignJWT(standardClaims(ISSUER)).setProtectedHeader({ alg: 'HS256' }).sign(secret)
    expect((await provider.authenticate(bearerRequest(good))).authenticated).toBe(true)
    const forged = await new SignJWT(standardClaims(ISSUER)).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32))
    await expect(provider.authenticate(bearerRequest(forged))).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/signature/),
    })
  })

  it('refuses a token whose algorithm does not fit the key (ES256 token, RSA key; HS256 token keyed with the PEM text)', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const provider = jwtProvider(ISSUER, { key: pem })
    const ec = await createSigningKey('ES256', undefined)
    await expect(
      provider.authenticate(bearerRequest(await signToken(ec, standardClaims(ISSUER)))),
    ).rejects.toMatchObject({ status: 401 })
    const confused = await new SignJWT(standardClaims(ISSUER))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(pem))
    await expect(provider.authenticate(bearerRequest(confused))).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/algorithm is not accepted/),
    })
  })

  it('still checks audience and issuer with a static key', async () => {
    const signer = await createSigningKey('ES256', undefined)
    const provider = jwtProvider(ISSUER, { key: signer.publicJwk })
    await expect(
      provider.authenticate(bearerRequest(await signToken(signer, standardClaims(ISSUER, { aud: 'other' })))),
    ).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/audience/) })
    await expect(
      provider.authenticate(bearerRequest(await signToken(signer, standardClaims('https://other.example.com/')))),
    ).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/issuer/) })
    expect(
      await provider.authenticate(bearerRequest(await signToken(signer, standardClaims(ISSUER, { aud: AUDIENCE })))),
    ).toMatchObject({ authenticated: true })
  })
})

describe('a token verified before (the verified-token cache)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is still refused once it has expired, and a forged twin of a verified token is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'))
    const secret = randomBytes(32)
    const provider = jwtProvider(ISSUER, {
      key: { kty: 'oct', k: secret.toString('base64url') },
      'clock-skew-seconds': 0,
    })
    const exp = Math.floor(Date.now() / 1000) + 30
    const token = await new SignJWT(standardClaims(ISSUER, { exp })).setProtectedHeader({ alg: 'HS256' }).sign(secret)
    expect((await provider.authenticate(bearerRequest(token))).authenticated).toBe(true)
    expect((await provider.authenticate(bearerRequest(token))).authenticated).toBe(true)
    // the same header and claims under another signature: a different token, verified on its own
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.alloc(32).toString('base64url')}`
    await expect(provider.authenticate(bearerRequest(forged))).rejects.toMatchObject({ status: 401 })
    vi.setSystemTime(new Date('2026-11-26T12:00:31Z'))
    await expect(provider.authenticate(bearerRequest(token))).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/expired/),
    })
  })
})
