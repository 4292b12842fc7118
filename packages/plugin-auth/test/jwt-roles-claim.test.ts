import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveRole } from '@sluice/core'
import type { JWTPayload } from 'jose'
import { bearerRequest } from './support/http-request.js'
import {
  createSigningKey,
  signToken,
  standardClaims,
  startIdentityProvider,
  type SigningKey,
  type TestIdentityProvider,
} from './support/identity-provider.js'
import { jwtProvider } from './support/jwt-provider.js'

describe('roles from a configurable claim path', () => {
  let idp: TestIdentityProvider
  let key: SigningKey
  beforeAll(async () => {
    key = await createSigningKey('ES256', 'k')
    idp = await startIdentityProvider([key])
  })
  afterAll(() => idp.close())

  const principal = async (jwt: Record<string, unknown>, claims: JWTPayload, extra?: Record<string, unknown>) =>
    jwtProvider(idp.issuer, jwt, { extra }).authenticate(
      bearerRequest(await signToken(key, standardClaims(idp.issuer, claims))),
    )

  it.each([
    ['the default top-level roles array', {}, { roles: ['Editor', 'Auditor'] }, ['editor', 'auditor']],
    ['the default roles claim given as one string', {}, { roles: 'Editor' }, ['editor']],
    [
      'Keycloak realm roles',
      { 'roles-path': 'realm_access.roles' },
      { realm_access: { roles: ['Manager', 'offline_access'] } },
      ['manager', 'offline_access'],
    ],
    [
      'Keycloak client roles with a dashed client id',
      { 'roles-path': "resource_access['my-api'].roles" },
      { resource_access: { 'my-api': { roles: ['Writer'] }, other: { roles: ['ignored'] } } },
      ['writer'],
    ],
    [
      'an Auth0 namespaced claim written as a URL',
      { 'roles-path': 'https://example.com/roles' },
      { 'https://example.com/roles': ['Admin'] },
      ['admin'],
    ],
    [
      'an Auth0 namespaced claim in brackets',
      { 'roles-path': "['https://example.com/roles']" },
      { 'https://example.com/roles': ['Admin'] },
      ['admin'],
    ],
    [
      'a claim name with dots in brackets, then nesting',
      { 'roles-path': "['app.example.com'].groups" },
      { 'app.example.com': { groups: ['Ops'] } },
      ['ops'],
    ],
    [
      'a URN-style claim name (colons need no brackets)',
      { 'roles-path': 'urn:example:roles' },
      { 'urn:example:roles': ['Ops'] },
      ['ops'],
    ],
    [
      'a space-delimited string',
      { 'roles-path': 'scp', 'roles-format': 'delimited-string' },
      { scp: 'Books.Read  Books.Write ' },
      ['books.read', 'books.write'],
    ],
    [
      'a comma-delimited string',
      { 'roles-path': 'groups', 'roles-format': 'delimited-string', 'roles-delimiter': ',' },
      { groups: 'a, B,,a' },
      ['a', 'b'],
    ],
    [
      'one string that is not split',
      { 'roles-path': 'role', 'roles-format': 'string' },
      { role: 'Team Lead' },
      ['team lead'],
    ],
    [
      'roles-claim beside provider (another spelling)',
      {},
      { realm_access: { roles: ['X'] } },
      ['x'],
      { 'roles-claim': 'realm_access.roles' },
    ],
  ] as const)('%s', async (_name, jwt, claims, roles, extra?: Record<string, unknown>) => {
    expect((await principal(jwt, claims as JWTPayload, extra)).roles).toEqual(roles)
  })

  it('keeps claims as issued: roles are lower-cased in the principal only', async () => {
    const p = await principal(
      { 'roles-path': 'realm_access.roles' },
      { realm_access: { roles: ['Manager'] }, email: 'Ada@Example.org', groups: ['G1', 'G2'] },
    )
    expect(p.roles).toEqual(['manager'])
    expect(p.claims).toMatchObject({
      realm_access: { roles: ['Manager'] },
      email: 'Ada@Example.org',
      groups: ['G1', 'G2'],
    })
  })

  it('gives an authenticated caller without roles when the path leads nowhere', async () => {
    for (const claims of [{}, { realm_access: {} }, { realm_access: 'x' }, { realm_access: { roles: null } }]) {
      expect(await principal({ 'roles-path': 'realm_access.roles' }, claims)).toMatchObject({
        authenticated: true,
        roles: [],
      })
    }
  })

  it.each([
    ['an object where an array is expected', {}, { roles: { admin: true } }],
    ['an array holding a number', {}, { roles: ['admin', 7] }],
    ['an array where one string is expected', { 'roles-format': 'string' }, { roles: ['admin'] }],
    ['a number where a delimited string is expected', { 'roles-format': 'delimited-string' }, { roles: 42 }],
  ])(
    'rejects a roles claim of the wrong type with 401 rather than half-trusting the token: %s',
    async (_name, jwt, claims) => {
      await expect(principal(jwt, claims as JWTPayload)).rejects.toMatchObject({
        status: 401,
        code: 'SLUICE_ERR_INVALID_TOKEN',
        params: { challenge: 'Bearer error="invalid_token"' },
      })
    },
  )

  describe('role selection through core resolveRole', () => {
    it('lets a caller act as a custom role its token holds, in any case', async () => {
      const p = await principal({ 'roles-path': 'realm_access.roles' }, { realm_access: { roles: ['Editor'] } })
      expect(resolveRole(p, 'editor')).toBe('editor')
      expect(resolveRole(p, 'EDITOR')).toBe('editor')
    })

    it('defaults a caller with a valid token to authenticated, and lets it pick anonymous', async () => {
      const p = await principal({}, { roles: ['editor'] })
      expect(resolveRole(p, undefined)).toBe('authenticated')
      expect(resolveRole(p, 'anonymous')).toBe('anonymous')
    })

    it('refuses (403) a custom role the token does not hold', async () => {
      const p = await principal(
        { 'roles-path': 'realm_access.roles' },
        { realm_access: { roles: ['editor'] }, roles: ['admin'] },
      )
      expect(() => resolveRole(p, 'admin')).toThrow(
        expect.objectContaining({ status: 403, code: 'SLUICE_ERR_ROLE_NOT_HELD' }),
      )
    })

    it('keeps a caller without a token anonymous whatever role it names', async () => {
      const p = await jwtProvider(idp.issuer).authenticate(bearerRequest(''))
      for (const role of ['editor', 'authenticated', 'admin']) expect(resolveRole(p, role)).toBe('anonymous')
    })
  })
})
