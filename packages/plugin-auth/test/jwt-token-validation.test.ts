import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSluiceError, type AuthenticationProvider, type Principal } from '@sluice/core'
import { base64url, SignJWT, UnsecuredJWT } from 'jose'
import { bearerRequest, httpRequest } from './support/http-request.js'
import {
  AUDIENCE,
  createSigningKey,
  signToken,
  standardClaims,
  startIdentityProvider,
  type SigningKey,
  type TestIdentityProvider,
} from './support/identity-provider.js'
import { jwtProvider } from './support/jwt-provider.js'

const CHALLENGE = 'Bearer error="invalid_token"'

/** The 401 a provider throws, as the REST envelope would show it: status, code, message and challenge. */
async function rejection(
  provider: AuthenticationProvider,
  token: string,
): Promise<{ status: number; code: string; message: string; challenge: unknown }> {
  try {
    await provider.authenticate(bearerRequest(token))
  } catch (error) {
    if (!isSluiceError(error)) throw error
    return { status: error.status, code: error.code, message: error.message, challenge: error.params['challenge'] }
  }
  throw new Error('the token was accepted')
}

describe('JWT bearer tokens against an OIDC issuer on loopback', () => {
  let idp: TestIdentityProvider
  let rsa: SigningKey
  let ec: SigningKey
  let provider: AuthenticationProvider
  const now = () => Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    rsa = await createSigningKey('RS256', 'rsa-1')
    ec = await createSigningKey('ES256', 'ec-1')
    idp = await startIdentityProvider([rsa, ec])
    provider = jwtProvider(idp.issuer)
  })
  afterAll(() => idp.close())

  it.each(['RS256', 'ES256'] as const)('accepts a valid %s token: authenticated, claims as issued', async (alg) => {
    const key = alg === 'RS256' ? rsa : ec
    const principal: Principal = await provider.authenticate(
      bearerRequest(await signToken(key, standardClaims(idp.issuer, { roles: ['Editor'], name: 'Ada' }))),
    )
    expect(principal.authenticated).toBe(true)
    expect(principal.roles).toEqual(['editor'])
    expect(principal.claims).toMatchObject({
      sub: 'user-1',
      name: 'Ada',
      roles: ['Editor'],
      aud: AUDIENCE,
      iss: idp.issuer,
    })
  })

  it('accepts a token whose aud is an array containing the audience', async () => {
    const token = await signToken(rsa, standardClaims(idp.issuer, { aud: ['other', AUDIENCE] }))
    expect((await provider.authenticate(bearerRequest(token))).authenticated).toBe(true)
  })

  it('treats a request without a token as anonymous (no 401)', async () => {
    expect(await provider.authenticate(httpRequest())).toMatchObject({ authenticated: false, roles: [] })
    expect(await provider.authenticate(httpRequest({ authorization: 'Bearer ' }))).toMatchObject({
      authenticated: false,
    })
    expect(await provider.authenticate(httpRequest({ authorization: 'Basic dXNlcjpwYXNz' }))).toMatchObject({
      authenticated: false,
    })
  })

  it('ignores a forged X-MS-CLIENT-PRINCIPAL header: only the bearer token counts', async () => {
    const forged = Buffer.from(JSON.stringify({ userId: 'x', userRoles: ['admin'] })).toString('base64')
    expect(await provider.authenticate(httpRequest({ 'x-ms-client-principal': forged }))).toMatchObject({
      authenticated: false,
      roles: [],
    })
  })

  it('accepts the scheme name in any case', async () => {
    const token = await signToken(rsa, standardClaims(idp.issuer))
    expect((await provider.authenticate(httpRequest({ authorization: `bearer ${token}` }))).authenticated).toBe(true)
  })

  describe('rejects with 401 and WWW-Authenticate: Bearer error="invalid_token"', () => {
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        'an expired token',
        () => signToken(rsa, standardClaims(idp.issuer, { iat: now() - 7200, exp: now() - 120 })),
        /has expired/,
      ],
      [
        'a token not valid yet',
        () => signToken(rsa, standardClaims(idp.issuer, { nbf: now() + 600 })),
        /not valid yet/,
      ],
      [
        'a token for another audience',
        () => signToken(rsa, standardClaims(idp.issuer, { aud: 'api://someone-else' })),
        /another audience/,
      ],
      [
        'a token without an audience',
        () => signToken(rsa, standardClaims(idp.issuer, { aud: undefined })),
        /"aud"|another audience/,
      ],
      [
        'a token from another issuer',
        () => signToken(rsa, standardClaims('https://evil.example.com/')),
        /another issuer/,
      ],
      ['a token without exp', () => signToken(rsa, standardClaims(idp.issuer, { exp: undefined })), /no "exp" claim/],
      [
        'a token signed by a key the issuer does not publish (same kid)',
        async () => {
          const impostor = { ...(await createSigningKey('RS256', 'rsa-1')) }
          return signToken(impostor, standardClaims(idp.issuer))
        },
        /signature does not verify/,
      ],
      [
        'a token whose payload was altered after signing',
        async () => {
          const [header, , signature] = (await signToken(rsa, standardClaims(idp.issuer, { roles: ['reader'] }))).split(
            '.',
          )
          const payload = base64url.encode(JSON.stringify(standardClaims(idp.issuer, { roles: ['admin'] })))
          return `${header}.${payload}.${signature}`
        },
        /signature does not verify/,
      ],
      [
        'an unsigned token (alg none)',
        async () => new UnsecuredJWT(standardClaims(idp.issuer)).encode(),
        /algorithm is not accepted/,
      ],
      [
        'alg none with a kid the issuer publishes',
        async () => {
          const header = base64url.encode(JSON.stringify({ alg: 'none', kid: 'rsa-1' }))
          return `${header}.${base64url.encode(JSON.stringify(standardClaims(idp.issuer)))}.`
        },
        /algorithm is not accepted/,
      ],
      [
        'an HMAC token keyed with the public RSA key (algorithm confusion)',
        async () => {
          const secret = new TextEncoder().encode(JSON.stringify(rsa.publicJwk))
          return new SignJWT(standardClaims(idp.issuer)).setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' }).sign(secret)
        },
        /algorithm is not accepted/,
      ],
      [
        'a token with an unknown kid',
        async () => signToken(await createSigningKey('RS256', 'nobody'), standardClaims(idp.issuer)),
        /no signing key/,
      ],
      [
        'a token header claiming ES256 over an RSA key',
        async () => {
          const [, payload, signature] = (await signToken(rsa, standardClaims(idp.issuer))).split('.')
          return `${base64url.encode(JSON.stringify({ alg: 'ES256', kid: 'rsa-1' }))}.${payload}.${signature}`
        },
        /no signing key|signature/,
      ],
      ['a string that is not a JWT', async () => 'not-a-token', /not a well-formed/],
      ['a JWT with a corrupt header', async () => 'eyJhbGciOi.eyJzdWIiOiIxIn0.c2ln', /not a well-formed/],
      [
        'a JWT with four segments',
        async () => `${await signToken(rsa, standardClaims(idp.issuer))}.extra`,
        /not a well-formed/,
      ],
      ['a JWE-shaped token', async () => 'a.b.c.d.e', /not a well-formed|could not be verified/],
    ]
    it.each(cases)('%s', async (_name, makeToken, reason) => {
      const failure = await rejection(provider, await makeToken())
      expect(failure).toMatchObject({ status: 401, code: 'SLUICE_ERR_INVALID_TOKEN', challenge: CHALLENGE })
      expect(failure.message).toMatch(reason)
    })

    it('a request with two Authorization headers', async () => {
      const token = await signToken(rsa, standardClaims(idp.issuer))
      await expect(
        provider.authenticate(httpRequest({ authorization: [`Bearer ${token}`, `Bearer ${token}`] })),
      ).rejects.toMatchObject({ status: 401, code: 'SLUICE_ERR_INVALID_TOKEN', params: { challenge: CHALLENGE } })
    })
  })

  describe('clock skew', () => {
    it('accepts a token expired less than the default 60 s ago, and one whose nbf is less than 60 s ahead', async () => {
      expect(
        (
          await provider.authenticate(
            bearerRequest(await signToken(rsa, standardClaims(idp.issuer, { exp: now() - 30 }))),
          )
        ).authenticated,
      ).toBe(true)
      expect(
        (
          await provider.authenticate(
            bearerRequest(await signToken(rsa, standardClaims(idp.issuer, { nbf: now() + 30 }))),
          )
        ).authenticated,
      ).toBe(true)
    })

    it('honours jwt.clock-skew-seconds', async () => {
      const strict = jwtProvider(idp.issuer, { 'clock-skew-seconds': 0 })
      const lenient = jwtProvider(idp.issuer, { 'clock-skew-seconds': 300 })
      const token = await signToken(rsa, standardClaims(idp.issuer, { exp: now() - 30 }))
      expect(await rejection(strict, token)).toMatchObject({ status: 401, challenge: CHALLENGE })
      const older = await signToken(rsa, standardClaims(idp.issuer, { exp: now() - 240 }))
      expect((await lenient.authenticate(bearerRequest(older))).authenticated).toBe(true)
      expect(await rejection(provider, older)).toMatchObject({ status: 401 })
    })
  })

  it('works the same under the EntraID and AzureAD provider names', async () => {
    const token = await signToken(ec, standardClaims(idp.issuer))
    for (const name of ['EntraID', 'AzureAD', 'entraid']) {
      const named = jwtProvider(idp.issuer, {}, { provider: name })
      expect((await named.authenticate(bearerRequest(token))).authenticated, name).toBe(true)
    }
  })
})
