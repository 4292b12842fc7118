import { describe, expect, it } from 'vitest'
import {
  resolveRole,
  silentLogger,
  Tokens,
  type AuthenticationProvider,
  type HostMode,
  type Logger,
  type PluginRegistry,
  type Provider,
  type Token,
} from '@sluice/core'
import { configWithAuthentication } from '../test/support/auth-config.js'
import { encodePrincipal } from '../test/support/client-principal.js'
import { httpRequest } from '../test/support/http-request.js'
import { authPlugin, type AuthPluginOptions } from './auth-plugin.js'

/** Registers the plugin against a recording registry; returns the provider it supplied and what it logged. */
async function register(
  authentication: Record<string, unknown> | undefined,
  mode: HostMode,
  options?: AuthPluginOptions,
  permissions?: readonly Record<string, unknown>[],
) {
  const provided = new Map<symbol, unknown>()
  const warnings: string[] = []
  const log: Logger = {
    ...silentLogger,
    warn: (message: object | string) => {
      warnings.push(String(message))
    },
    child: () => log,
  }
  const registry: PluginRegistry = {
    config: configWithAuthentication(authentication, mode, {}, permissions),
    log,
    provide<T>(token: Token<T>, provider: Provider<T>) {
      provided.set(token, (provider as { useValue: T }).useValue)
    },
    addHooks() {},
  }
  await authPlugin(options).register!(registry)
  return { provider: provided.get(Tokens.AuthenticationProvider) as AuthenticationProvider, warnings }
}

const FORGED = encodePrincipal({ identityProvider: 'aad', userId: 'mallory', userRoles: ['authenticated', 'admin'] })

/** The effective role a request ends up with, as the server computes it (provider, then resolveRole). */
async function roleOf(provider: AuthenticationProvider, headers: Record<string, string>): Promise<string> {
  const principal = await provider.authenticate(httpRequest(headers))
  return resolveRole(principal, headers['x-ms-api-role'])
}

describe('authPlugin', () => {
  it('is a plugin for @sluice/core ^0.1.0', () => {
    expect(authPlugin()).toMatchObject({ name: '@sluice/plugin-auth', core: '^0.1.0' })
  })

  describe('without an authentication section (unchanged from core)', () => {
    it('in development, X-MS-API-ROLE makes the caller that role; without it the caller is anonymous', async () => {
      const { provider } = await register(undefined, 'development')
      expect(await roleOf(provider, { 'x-ms-api-role': 'Editor' })).toBe('editor')
      expect(await roleOf(provider, {})).toBe('anonymous')
    })

    it('in production, every caller is anonymous whatever role it names', async () => {
      const { provider } = await register(undefined, 'production')
      expect(await roleOf(provider, { 'x-ms-api-role': 'admin' })).toBe('anonymous')
    })

    it.each(['development', 'production'] as const)(
      'in %s, never trusts X-MS-CLIENT-PRINCIPAL or an Authorization header',
      async (mode) => {
        const { provider } = await register(undefined, mode)
        const principal = await provider.authenticate(
          httpRequest({ 'x-ms-client-principal': FORGED, authorization: 'Bearer forged.token.here' }),
        )
        expect(principal).toEqual({ authenticated: false, roles: [], claims: {} })
      },
    )
  })

  it('with provider Unauthenticated, every caller is anonymous even in development', async () => {
    const { provider } = await register({ provider: 'Unauthenticated' }, 'development')
    expect(await roleOf(provider, { 'x-ms-api-role': 'editor', 'x-ms-client-principal': FORGED })).toBe('anonymous')
  })

  it('with provider Simulator in development, every caller is authenticated and picks its role', async () => {
    const { provider } = await register({ provider: 'Simulator' }, 'development')
    expect(provider.name).toBe('Simulator')
    expect(await roleOf(provider, {})).toBe('authenticated')
    expect(await roleOf(provider, { 'x-ms-api-role': 'Editor' })).toBe('editor')
  })

  it('refuses to start with the Simulator in production', async () => {
    await expect(register({ provider: 'Simulator' }, 'production')).rejects.toMatchObject({
      code: 'SLUICE_ERR_CONFIG',
      message: expect.stringMatching(/development mode only/),
    })
  })

  it('with StaticWebApps behind Azure, trusts the header and selects among the roles it lists', async () => {
    const { provider, warnings } = await register({ provider: 'StaticWebApps' }, 'production', {
      environment: { WEBSITE_SITE_NAME: 'site' },
    })
    expect(warnings).toEqual([])
    expect(await roleOf(provider, { 'x-ms-client-principal': FORGED, 'x-ms-api-role': 'admin' })).toBe('admin')
    await expect(roleOf(provider, { 'x-ms-client-principal': FORGED, 'x-ms-api-role': 'owner' })).rejects.toMatchObject(
      { status: 403 },
    )
  })

  it('refuses StaticWebApps in production outside Azure, and only warns in development', async () => {
    await expect(register({ provider: 'StaticWebApps' }, 'production')).rejects.toMatchObject({
      code: 'SLUICE_ERR_CONFIG',
    })
    const { provider, warnings } = await register({ provider: 'StaticWebApps' }, 'development')
    expect(provider.name).toBe('StaticWebApps')
    expect(warnings).toEqual([expect.stringContaining('WEBSITE_SITE_NAME')])
  })

  it('with a JWT provider, ignores X-MS-CLIENT-PRINCIPAL and the role header of callers without a token', async () => {
    const { provider } = await register(
      { provider: 'EntraID', jwt: { audience: 'a', issuer: 'https://login.example.com/t/v2.0' } },
      'production',
    )
    expect(provider.name).toBe('EntraID')
    expect(await roleOf(provider, { 'x-ms-client-principal': FORGED, 'x-ms-api-role': 'admin' })).toBe('anonymous')
  })

  it('logs the warnings of the settings it reads', async () => {
    const { warnings } = await register(
      { provider: 'Okta', jwt: { audience: 'a', issuer: 'https://okta.example.com/' } },
      'production',
    )
    expect(warnings).toEqual([expect.stringContaining("'Okta' is not a built-in provider name")])
  })

  describe('permissions no caller can use', () => {
    const writers = [
      { role: 'anonymous', actions: ['read'] },
      { role: 'authenticated', actions: ['create', 'read', 'update', 'delete'] },
    ]

    it('warns at start-up when every caller is anonymous, naming the roles and their entities', async () => {
      for (const [authentication, mode] of [
        [{ provider: 'Unauthenticated' }, 'development'],
        [{}, 'production'], // a section without a provider means Unauthenticated, as in Data API builder
        [undefined, 'production'],
      ] as const) {
        const { warnings } = await register(authentication, mode, undefined, writers)
        expect(warnings, JSON.stringify(authentication)).toEqual([
          expect.stringMatching(
            /every caller is anonymous and the permissions of role 'authenticated' \(Book\) never apply/,
          ),
        ])
      }
    })

    it('says nothing when a provider can give the role, or only anonymous is granted', async () => {
      expect((await register({ provider: 'Simulator' }, 'development', undefined, writers)).warnings).toEqual([])
      expect((await register(undefined, 'development', undefined, writers)).warnings).toEqual([])
      expect((await register({ provider: 'Unauthenticated' }, 'production')).warnings).toEqual([])
    })
  })
})
