import { describe, expect, it } from 'vitest'
import { parseStaticWebAppsPrincipal } from './parse-static-web-apps-principal.js'

describe('parseStaticWebAppsPrincipal', () => {
  it("reads Data API builder's claims (userId, userDetails, roles as written) and lower-cases the principal's roles", () => {
    const principal = parseStaticWebAppsPrincipal({
      identityProvider: 'aad',
      userId: 'u-42',
      userDetails: 'ada@example.org',
      userRoles: ['anonymous', 'authenticated', 'Editor'],
    })
    expect(principal).toEqual({
      authenticated: true,
      roles: ['anonymous', 'authenticated', 'editor'],
      claims: { userId: 'u-42', userDetails: 'ada@example.org', roles: ['anonymous', 'authenticated', 'Editor'] },
    })
  })

  it('matches property names case-insensitively, as .NET does', () => {
    expect(parseStaticWebAppsPrincipal({ USERID: 'u', userdetails: 'd', UserRoles: ['Writer'] })).toMatchObject({
      roles: ['writer'],
      claims: { userId: 'u', userDetails: 'd' },
    })
  })

  it('leaves out blank userId and userDetails', () => {
    expect(parseStaticWebAppsPrincipal({ userId: ' ', userRoles: ['authenticated'] }).claims).toEqual({
      roles: ['authenticated'],
    })
  })

  it('treats a caller whose only role is anonymous as anonymous', () => {
    expect(parseStaticWebAppsPrincipal({ userId: 'u', userRoles: ['Anonymous'] })).toEqual({
      authenticated: false,
      roles: [],
      claims: {},
    })
  })

  it.each([
    [{ userId: 'u' }, /has no userRoles/],
    [{ userId: 'u', userRoles: null }, /has no userRoles/],
    [{ userId: 'u', userRoles: [] }, /has no userRoles/],
    [{ userId: 'u', userRoles: 'admin' }, /has no userRoles/],
    [{ userRoles: ['a', 3] }, /not all strings/],
    [{ userId: 5, userRoles: ['a'] }, /userId that is not a string/],
  ])('refuses %j with 401', (payload, message) => {
    expect(() => parseStaticWebAppsPrincipal(payload)).toThrow(
      expect.objectContaining({
        status: 401,
        code: 'SLUICE_ERR_INVALID_CLIENT_PRINCIPAL',
        message: expect.stringMatching(message),
      }),
    )
  })
})
