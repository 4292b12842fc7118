import { describe, expect, it } from 'vitest'
import { resolveRole, type AuthenticationProvider, type HttpRequest, type Principal } from '@sluice/core'
import { encodePrincipal } from '../test/support/client-principal.js'
import { httpRequest } from '../test/support/http-request.js'
import { createEasyAuthAuthentication } from './easy-auth-authentication.js'

const swa = createEasyAuthAuthentication('StaticWebApps')
const appService = createEasyAuthAuthentication('AppService')
const SWA_EDITOR = encodePrincipal({
  identityProvider: 'aad',
  userId: 'u1',
  userDetails: 'ada',
  userRoles: ['anonymous', 'authenticated', 'editor'],
})
const header = (value: string | string[]) => httpRequest({ 'X-MS-CLIENT-PRINCIPAL': value })
// Providers may answer synchronously; the server awaits them, so a synchronous throw is a rejection there too.
const authenticate = async (provider: AuthenticationProvider, request: HttpRequest): Promise<Principal> =>
  provider.authenticate(request)

describe('EasyAuth (X-MS-CLIENT-PRINCIPAL) authentication', () => {
  it('is anonymous without the header', async () => {
    expect(await authenticate(swa, httpRequest())).toEqual({ authenticated: false, roles: [], claims: {} })
    expect(await authenticate(appService, httpRequest())).toEqual({ authenticated: false, roles: [], claims: {} })
  })

  it('authenticates from a Static Web Apps header, and an App Service one', async () => {
    expect(await authenticate(swa, header(SWA_EDITOR))).toMatchObject({
      authenticated: true,
      roles: ['anonymous', 'authenticated', 'editor'],
    })
    const appHeader = encodePrincipal({ auth_typ: 'aad', role_typ: 'roles', claims: [{ typ: 'roles', val: 'Editor' }] })
    expect(await authenticate(appService, header(appHeader))).toMatchObject({ authenticated: true, roles: ['editor'] })
  })

  it('accepts base64url and unpadded base64', async () => {
    const url = Buffer.from(JSON.stringify({ userId: 'ü?>', userRoles: ['a>?'] })).toString('base64url')
    expect(await authenticate(swa, header(url))).toMatchObject({ authenticated: true, claims: { userId: 'ü?>' } })
    expect(await authenticate(swa, header(SWA_EDITOR.replace(/=+$/, ''))).then((p) => p.authenticated)).toBe(true)
  })

  it.each([
    ['an empty value', '', /is empty/],
    ['text that is not base64', 'not base64!', /not base64/],
    ['base64 of text that is not JSON', Buffer.from('hello').toString('base64'), /UTF-8 JSON/],
    ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64'), /UTF-8 JSON/],
    ['base64 of a JSON array', encodePrincipal(['admin']), /JSON object/],
    ['base64 of JSON null', encodePrincipal(null), /JSON object/],
    ['a Static Web Apps payload without roles', encodePrincipal({ userId: 'u' }), /userRoles/],
  ])('refuses %s with 401 (never an anonymous pass)', async (_name, value, message) => {
    await expect(authenticate(swa, header(value))).rejects.toMatchObject({
      status: 401,
      code: 'SLUICE_ERR_INVALID_CLIENT_PRINCIPAL',
      message: expect.stringMatching(message),
      params: { challenge: 'EasyAuth' },
    })
  })

  it('refuses an App Service payload without auth_typ, and a repeated header', async () => {
    await expect(authenticate(appService, header(encodePrincipal({ claims: [] })))).rejects.toMatchObject({
      status: 401,
    })
    await expect(authenticate(swa, header([SWA_EDITOR, SWA_EDITOR]))).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/repeated/),
    })
  })

  describe('role selection through core resolveRole', () => {
    it('lets the caller act as a role the header lists, and as authenticated by default', async () => {
      const principal = await authenticate(swa, header(SWA_EDITOR))
      expect(resolveRole(principal, 'Editor')).toBe('editor')
      expect(resolveRole(principal, undefined)).toBe('authenticated')
    })

    it('refuses (403) a role the header does not list', async () => {
      const principal = await authenticate(swa, header(SWA_EDITOR))
      expect(() => resolveRole(principal, 'admin')).toThrow(
        expect.objectContaining({ status: 403, code: 'SLUICE_ERR_ROLE_NOT_HELD' }),
      )
    })

    it('keeps an anonymous-only caller anonymous, whatever role it names', async () => {
      const principal = await authenticate(swa, header(encodePrincipal({ userRoles: ['anonymous'] })))
      expect(resolveRole(principal, 'editor')).toBe('anonymous')
    })
  })
})
