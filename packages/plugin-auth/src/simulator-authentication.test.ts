import { describe, expect, it } from 'vitest'
import { resolveRole } from '@sluice/core'
import { httpRequest } from '../test/support/http-request.js'
import { simulatorAuthentication } from './simulator-authentication.js'

describe('simulatorAuthentication (Data API builder Simulator)', () => {
  it('authenticates every request: without X-MS-API-ROLE the caller acts as authenticated', async () => {
    const principal = await simulatorAuthentication.authenticate(httpRequest())
    expect(principal).toEqual({ authenticated: true, roles: [], claims: {} })
    expect(resolveRole(principal, undefined)).toBe('authenticated')
  })

  it('makes the caller hold the role it names, and act as it', async () => {
    const principal = await simulatorAuthentication.authenticate(httpRequest({ 'X-MS-API-ROLE': ' Editor ' }))
    expect(principal).toEqual({ authenticated: true, roles: ['editor'], claims: { roles: ['Editor'] } })
    expect(resolveRole(principal, ' Editor ')).toBe('editor')
  })

  it('lets the caller choose anonymous', async () => {
    const principal = await simulatorAuthentication.authenticate(httpRequest({ 'x-ms-api-role': 'anonymous' }))
    expect(resolveRole(principal, 'anonymous')).toBe('anonymous')
  })

  it('ignores identity headers other than the role header', async () => {
    const principal = await simulatorAuthentication.authenticate(
      httpRequest({ 'x-ms-client-principal': 'e30=', authorization: 'Bearer x' }),
    )
    expect(principal.roles).toEqual([])
  })
})
