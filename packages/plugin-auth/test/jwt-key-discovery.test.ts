import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bearerRequest } from './support/http-request.js'
import {
  createSigningKey,
  signToken,
  standardClaims,
  startIdentityProvider,
  type TestIdentityProvider,
} from './support/identity-provider.js'
import { jwtProvider } from './support/jwt-provider.js'

describe('signing keys from OIDC discovery and JWKS URLs', () => {
  let idp: TestIdentityProvider
  beforeEach(async () => {
    idp = await startIdentityProvider([await createSigningKey('RS256', 'k1')])
  })
  afterEach(() => idp.close())

  it('discovers jwks_uri from the issuer once, then serves tokens from the cached JWKS', async () => {
    const provider = jwtProvider(idp.issuer)
    expect(idp.hits).toEqual({ metadata: 0, jwks: 0 })
    const tokens = await Promise.all(
      [1, 2, 3].map((n) => signToken(idp.keys[0]!, standardClaims(idp.issuer, { sub: `u${n}` }))),
    )
    const principals = await Promise.all(tokens.map((token) => provider.authenticate(bearerRequest(token))))
    expect(principals.map((p) => p.claims['sub'])).toEqual(['u1', 'u2', 'u3'])
    await provider.authenticate(bearerRequest(tokens[0]!))
    expect(idp.hits).toEqual({ metadata: 1, jwks: 1 })
  })

  it('uses jwt.jwks-uri directly, without discovery, and then the issuer need not be a URL', async () => {
    const provider = jwtProvider('urn:sluice:tests', { 'jwks-uri': idp.jwksUri })
    const principal = await provider.authenticate(
      bearerRequest(await signToken(idp.keys[0]!, standardClaims('urn:sluice:tests'))),
    )
    expect(principal.authenticated).toBe(true)
    expect(idp.hits).toEqual({ metadata: 0, jwks: 1 })
  })

  it('picks up a rotated key: a token with a new kid makes it fetch the JWKS again', async () => {
    const provider = jwtProvider(idp.issuer, {}, { keySet: { cooldownMs: 0 } })
    const old = idp.keys[0]!
    expect(
      (await provider.authenticate(bearerRequest(await signToken(old, standardClaims(idp.issuer))))).authenticated,
    ).toBe(true)
    const next = await createSigningKey('ES256', 'k2')
    idp.keys = [old, next]
    expect(
      (await provider.authenticate(bearerRequest(await signToken(next, standardClaims(idp.issuer))))).authenticated,
    ).toBe(true)
    expect(idp.hits.jwks).toBe(2)
    idp.keys = [next]
    // The old key is still cached until the JWKS is fetched again; a retired key's tokens stop working after that.
    expect(
      (await provider.authenticate(bearerRequest(await signToken(old, standardClaims(idp.issuer))))).authenticated,
    ).toBe(true)
  })

  it('drops a retired key once the cache expires', async () => {
    const provider = jwtProvider(idp.issuer, {}, { keySet: { cooldownMs: 0, cacheMaxAgeMs: 0 } })
    const old = idp.keys[0]!
    expect(
      (await provider.authenticate(bearerRequest(await signToken(old, standardClaims(idp.issuer))))).authenticated,
    ).toBe(true)
    idp.keys = [await createSigningKey('RS256', 'k2')]
    await expect(
      provider.authenticate(bearerRequest(await signToken(old, standardClaims(idp.issuer)))),
    ).rejects.toMatchObject({
      status: 401,
      code: 'SLUICE_ERR_INVALID_TOKEN',
      message: expect.stringMatching(/no signing key/),
    })
  })

  it('does not let unknown kids hammer the issuer: within the cooldown an unknown kid is a 401 without a new fetch', async () => {
    const provider = jwtProvider(idp.issuer)
    await provider.authenticate(bearerRequest(await signToken(idp.keys[0]!, standardClaims(idp.issuer))))
    const stranger = await createSigningKey('RS256', 'unknown')
    for (let i = 0; i < 5; i++) {
      await expect(
        provider.authenticate(bearerRequest(await signToken(stranger, standardClaims(idp.issuer)))),
      ).rejects.toMatchObject({ status: 401 })
    }
    expect(idp.hits.jwks).toBe(1)
  })

  it('tries every key when a token has no kid and several keys could verify it', async () => {
    const a = await createSigningKey('RS256', undefined)
    const b = await createSigningKey('RS256', undefined)
    idp.keys = [a, b]
    const provider = jwtProvider(idp.issuer)
    expect(
      (await provider.authenticate(bearerRequest(await signToken(b, standardClaims(idp.issuer))))).authenticated,
    ).toBe(true)
    const c = await createSigningKey('RS256', undefined)
    await expect(
      provider.authenticate(bearerRequest(await signToken(c, standardClaims(idp.issuer)))),
    ).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/signature does not verify/) })
  })

  describe('an unreachable identity provider', () => {
    it('is a 503 (SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE), not a 401, and discovery is retried on the next request', async () => {
      const provider = jwtProvider(idp.issuer)
      const token = await signToken(idp.keys[0]!, standardClaims(idp.issuer))
      idp.failWith = 500
      await expect(provider.authenticate(bearerRequest(token))).rejects.toMatchObject({
        status: 503,
        code: 'SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE',
      })
      idp.failWith = undefined
      expect((await provider.authenticate(bearerRequest(token))).authenticated).toBe(true)
    })

    it('answers 503 when the JWKS URL fails, and when the issuer is not listening at all', async () => {
      const token = await signToken(idp.keys[0]!, standardClaims(idp.issuer))
      const viaJwks = jwtProvider(idp.issuer, { 'jwks-uri': idp.jwksUri })
      idp.failWith = 404
      await expect(viaJwks.authenticate(bearerRequest(token))).rejects.toMatchObject({ status: 503 })
      idp.failWith = undefined
      const issuer = idp.issuer
      await idp.close()
      await expect(jwtProvider(issuer).authenticate(bearerRequest(token))).rejects.toMatchObject({ status: 503 })
      idp = await startIdentityProvider([])
    })

    it('still treats a request without a token as anonymous: no key fetch is needed', async () => {
      idp.failWith = 500
      const provider = jwtProvider(idp.issuer)
      expect(await provider.authenticate(bearerRequest(''))).toMatchObject({ authenticated: false })
      expect(idp.hits).toEqual({ metadata: 0, jwks: 0 })
    })

    it.each([
      ['publishes no metadata', (issuer: string) => `${issuer}/nowhere`, {}],
      ['gives no jwks_uri', (issuer: string) => issuer, { jwks_uri: null }],
      [
        'gives a plain-http jwks_uri on a public host',
        (issuer: string) => issuer,
        { jwks_uri: 'http://keys.example.com/jwks' },
      ],
    ])('is a 503 when the issuer %s', async (_name, issuerOf, metadata) => {
      idp.metadataOverride = metadata
      const issuer = issuerOf(idp.issuer)
      const token = await signToken(idp.keys[0]!, standardClaims(issuer))
      await expect(jwtProvider(issuer).authenticate(bearerRequest(token))).rejects.toMatchObject({ status: 503 })
    })
  })
})
