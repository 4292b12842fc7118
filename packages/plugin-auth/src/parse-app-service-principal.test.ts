import { describe, expect, it } from 'vitest'
import { parseAppServicePrincipal } from './parse-app-service-principal.js'

const ROLE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role'

describe('parseAppServicePrincipal', () => {
  it('turns each {typ, val} into a claim, repeated types into arrays, and reads roles from role_typ', () => {
    const principal = parseAppServicePrincipal({
      auth_typ: 'aad',
      name_typ: 'name',
      role_typ: 'roles',
      claims: [
        { typ: 'roles', val: 'Editor' },
        { typ: 'roles', val: 'Auditor' },
        { typ: 'email', val: 'Ada@Example.org' },
        { typ: 'oid', val: '42' },
      ],
    })
    expect(principal).toEqual({
      authenticated: true,
      roles: ['editor', 'auditor'],
      claims: { roles: ['Editor', 'Auditor'], email: 'Ada@Example.org', oid: '42' },
    })
  })

  it(".NET's role claim type is the default role_typ", () => {
    expect(
      parseAppServicePrincipal({
        auth_typ: 'aad',
        claims: [
          { typ: ROLE, val: 'Admin' },
          { typ: 'roles', val: 'ignored' },
        ],
      }).roles,
    ).toEqual(['admin'])
  })

  it('matches property names case-insensitively and skips claims without typ or val', () => {
    const principal = parseAppServicePrincipal({
      AUTH_TYP: 'aad',
      Role_Typ: 'r',
      Claims: [{ Typ: 'r', Val: 'X' }, { typ: 'r' }, { val: 'y' }, { typ: null, val: 'z' }],
    })
    expect(principal).toEqual({ authenticated: true, roles: ['x'], claims: { r: 'X' } })
  })

  it('is authenticated without any claims', () => {
    expect(parseAppServicePrincipal({ auth_typ: 'aad' })).toEqual({ authenticated: true, roles: [], claims: {} })
  })

  it('treats a caller whose only role is anonymous as anonymous', () => {
    expect(
      parseAppServicePrincipal({ auth_typ: 'aad', role_typ: 'roles', claims: [{ typ: 'roles', val: 'anonymous' }] })
        .authenticated,
    ).toBe(false)
  })

  it.each([
    [{}, /has no auth_typ/],
    [{ auth_typ: '' }, /has no auth_typ/],
    [{ auth_typ: 7 }, /has no auth_typ/],
    [{ auth_typ: 'aad', claims: {} }, /not an array/],
    [{ auth_typ: 'aad', claims: ['roles'] }, /not an object/],
    [{ auth_typ: 'aad', claims: [{ typ: 'roles', val: 1 }] }, /not a string/],
    [{ auth_typ: 'aad', role_typ: 3 }, /role_typ/],
  ])('refuses %j with 401', (payload, message) => {
    expect(() => parseAppServicePrincipal(payload)).toThrow(
      expect.objectContaining({
        status: 401,
        code: 'SLUICE_ERR_INVALID_CLIENT_PRINCIPAL',
        message: expect.stringMatching(message),
      }),
    )
  })
})
