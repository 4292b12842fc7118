import { describe, expect, it } from 'vitest'
import type { HostMode } from '@sluice/core'
import { configWithAuthentication } from '../test/support/auth-config.js'
import { readAuthSettings } from './read-auth-settings.js'

const JWT = { audience: 'api://app', issuer: 'https://login.example.com/tenant/v2.0' }

function read(
  authentication: Record<string, unknown> | undefined,
  mode: HostMode = 'production',
  environment: Record<string, string> = {},
  env: Record<string, string> = {},
) {
  const config = configWithAuthentication(authentication, mode, env)
  return readAuthSettings({ authentication: config.runtime.host.authentication, mode, environment })
}

/** The config error's problem lines, or a failure if it did not throw one. */
function problems(
  authentication: Record<string, unknown>,
  mode: HostMode = 'production',
  environment: Record<string, string> = {},
): string {
  try {
    read(authentication, mode, environment)
  } catch (error) {
    expect(error).toMatchObject({ code: 'SLUICE_ERR_CONFIG' })
    return (error as Error).message
  }
  throw new Error('no configuration error')
}

describe('readAuthSettings: choosing the provider', () => {
  it('without an authentication section: the default (core keeps deciding by mode)', () => {
    expect(read(undefined).settings).toEqual({ kind: 'default' })
    expect(read(undefined, 'development').settings).toEqual({ kind: 'default' })
  })

  it('with a section but no provider: Unauthenticated, as in Data API builder', () => {
    expect(read({}).settings).toEqual({ kind: 'unauthenticated' })
    expect(read({}, 'development').settings).toEqual({ kind: 'unauthenticated' })
  })

  it.each([
    ['Unauthenticated', { kind: 'unauthenticated' }],
    ['unauthenticated', { kind: 'unauthenticated' }],
    ['SIMULATOR', { kind: 'simulator' }],
    ['StaticWebApps', { kind: 'easy-auth', flavour: 'StaticWebApps' }],
    ['staticwebapps', { kind: 'easy-auth', flavour: 'StaticWebApps' }],
    ['AppService', { kind: 'easy-auth', flavour: 'AppService' }],
  ])('matches provider names case-insensitively: %s', (provider, settings) => {
    expect(read({ provider }, 'development').settings).toEqual(settings)
  })

  it.each(['EntraID', 'AzureAD', 'Custom', 'entraId', 'azuread', 'CUSTOM'])('reads JWT settings for %s', (provider) => {
    const { settings } = read({ provider, jwt: JWT })
    expect(settings).toMatchObject({
      kind: 'jwt',
      jwt: { audience: 'api://app', issuer: JWT.issuer, clockSkewSeconds: 60 },
    })
  })

  it('treats an unknown provider name with jwt settings as Custom, with a warning (Data API builder compatibility)', () => {
    const { settings, warnings } = read({ provider: 'Auth0', jwt: JWT })
    expect(settings).toMatchObject({ kind: 'jwt', jwt: { provider: 'Auth0' } })
    expect(warnings).toEqual([expect.stringContaining("'Auth0' is not a built-in provider name")])
  })

  it('refuses an unknown provider name without jwt settings (a typo must not silently change security)', () => {
    expect(problems({ provider: 'Simulater' }, 'development')).toMatch(
      /unknown provider 'Simulater'; use one of Unauthenticated, Simulator/,
    )
  })

  it('refuses the Simulator in production', () => {
    expect(problems({ provider: 'Simulator' })).toMatch(
      /runtime\.host\.authentication\.provider: the Simulator provider lets any caller pick any role, so it runs in development mode only/,
    )
  })

  it('refuses jwt settings for providers that do not read them', () => {
    for (const provider of ['Simulator', 'StaticWebApps', 'Unauthenticated']) {
      expect(problems({ provider, jwt: JWT, 'trust-client-principal-header': true }, 'development')).toMatch(
        /only the EntraID, AzureAD and Custom providers read jwt/,
      )
    }
  })
})

describe('readAuthSettings: the Static Web Apps and App Service platform guard', () => {
  it('refuses to start in production outside Azure, naming the variable it looked for', () => {
    expect(problems({ provider: 'StaticWebApps' })).toMatch(/WEBSITE_SITE_NAME environment variable does not show/)
    expect(problems({ provider: 'AppService' })).toMatch(/WEBSITE_AUTH_ENABLED environment variable/)
    expect(problems({ provider: 'AppService' }, 'production', { WEBSITE_AUTH_ENABLED: 'false' })).toMatch(
      /WEBSITE_AUTH_ENABLED/,
    )
  })

  it('starts in production when the platform variable is there', () => {
    expect(read({ provider: 'StaticWebApps' }, 'production', { WEBSITE_SITE_NAME: 'my-site' }).warnings).toEqual([])
    expect(read({ provider: 'AppService' }, 'production', { WEBSITE_AUTH_ENABLED: 'True' }).warnings).toEqual([])
  })

  it('starts when the operator vouches for another authenticating proxy (also as an @env string)', () => {
    expect(read({ provider: 'StaticWebApps', 'trust-client-principal-header': true }).settings).toMatchObject({
      kind: 'easy-auth',
    })
    const fromEnv = read(
      { provider: 'AppService', 'trust-client-principal-header': "@env('TRUST')" },
      'production',
      {},
      { TRUST: 'true' },
    )
    expect(fromEnv.settings).toMatchObject({ kind: 'easy-auth', flavour: 'AppService' })
  })

  it('only warns in development', () => {
    const { settings, warnings } = read({ provider: 'StaticWebApps' }, 'development')
    expect(settings).toEqual({ kind: 'easy-auth', flavour: 'StaticWebApps' })
    expect(warnings).toEqual([expect.stringContaining('trusted anyway because host.mode is development')])
  })

  it('checks the trust flag is a boolean, and warns when it has no effect', () => {
    expect(problems({ provider: 'StaticWebApps', 'trust-client-principal-header': 'yes' })).toMatch(
      /must be true or false/,
    )
    expect(read({ provider: 'Custom', jwt: JWT, 'trust-client-principal-header': true }).warnings).toEqual([
      expect.stringContaining('has no effect'),
    ])
  })
})

describe('readAuthSettings: JWT settings', () => {
  it('discovers keys from the issuer by default', () => {
    expect(read({ provider: 'EntraID', jwt: JWT }).settings).toMatchObject({
      jwt: {
        keys: {
          kind: 'discovery',
          metadataUrl: new URL('https://login.example.com/tenant/v2.0/.well-known/openid-configuration'),
        },
      },
    })
    expect(read({ provider: 'Custom', jwt: { ...JWT, issuer: 'https://idp.example.com/' } }).settings).toMatchObject({
      jwt: { keys: { metadataUrl: new URL('https://idp.example.com/.well-known/openid-configuration') } },
    })
  })

  it('uses jwt.jwks-uri instead, and then the issuer may be any string', () => {
    expect(
      read({ provider: 'Custom', jwt: { ...JWT, issuer: 'my-issuer', 'jwks-uri': 'https://idp.example.com/keys' } })
        .settings,
    ).toMatchObject({
      jwt: { issuer: 'my-issuer', keys: { kind: 'jwks-uri', url: new URL('https://idp.example.com/keys') } },
    })
  })

  it('reads the default roles claim and the roles settings', () => {
    expect(read({ provider: 'Custom', jwt: JWT }).settings).toMatchObject({
      jwt: { roles: { path: 'roles', segments: ['roles'], format: 'array', delimiter: ' ' } },
    })
    const custom = read({
      provider: 'Custom',
      jwt: {
        ...JWT,
        'roles-path': "resource_access['api'].roles",
        'roles-format': 'delimited-string',
        'roles-delimiter': ',',
      },
    })
    expect(custom.settings).toMatchObject({
      jwt: { roles: { segments: ['resource_access', 'api', 'roles'], format: 'delimited-string', delimiter: ',' } },
    })
  })

  it('reads clock-skew-seconds, also from @env', () => {
    expect(read({ provider: 'Custom', jwt: { ...JWT, 'clock-skew-seconds': 0 } }).settings).toMatchObject({
      jwt: { clockSkewSeconds: 0 },
    })
    const fromEnv = read(
      { provider: 'Custom', jwt: { ...JWT, 'clock-skew-seconds': "@env('SKEW')" } },
      'production',
      {},
      { SKEW: '120' },
    )
    expect(fromEnv.settings).toMatchObject({ jwt: { clockSkewSeconds: 120 } })
  })

  it('reports every problem at once', () => {
    const message = problems({
      provider: 'EntraID',
      jwt: {
        'jwks-uri': 'http://keys.example.com/jwks',
        'clock-skew-seconds': -1,
        'roles-path': 'a..b',
        'roles-format': 'csv',
        'roles-delimiter': '',
      },
    })
    expect(message).toMatch(/The configuration has 7 problem\(s\)/)
    expect(message).toContain("runtime.host.authentication.jwt.jwks-uri: 'http://keys.example.com/jwks' must use https")
    for (const line of [
      'runtime.host.authentication.jwt.audience: required by the EntraID provider',
      'runtime.host.authentication.jwt.issuer: required by the EntraID provider',
      'runtime.host.authentication.jwt.clock-skew-seconds: must be a whole number of seconds from 0 to 600; got -1',
      'runtime.host.authentication.jwt.roles-path: a name is missing at position 3',
      'runtime.host.authentication.jwt.roles-format: must be one of array, string, delimited-string; got "csv"',
      'runtime.host.authentication.jwt.roles-delimiter: must be a non-empty string',
    ])
      expect(message).toContain(line)
  })

  it.each([
    [{ ...JWT, issuer: 'http://login.example.com/' }, /jwt\.issuer: 'http:\/\/login\.example\.com\/' must use https/],
    [{ ...JWT, issuer: 'not a url' }, /jwt\.issuer: 'not a url' is not an absolute URL; signing keys are discovered/],
    [
      { ...JWT, 'jwks-uri': 'http://keys.example.com/' },
      /jwt\.jwks-uri: .* must use https \(plain http is accepted for localhost only\)/,
    ],
    [{ ...JWT, 'jwks-uri': 5 }, /jwt\.jwks-uri: must be a URL string/],
    [{ ...JWT, 'jwks-uri': 'https://a/', key: { kty: 'oct', k: 'x' } }, /give either jwks-uri or key, not both/],
    [{ ...JWT, key: 'secret' }, /jwt\.key: must be a PEM public key/],
    [{ ...JWT, 'roles-path': 7 }, /jwt\.roles-path: must be a string/],
  ])('refuses %j', (jwt, message) => {
    expect(problems({ provider: 'Custom', jwt })).toMatch(message)
  })

  it('accepts plain http for loopback issuers (local identity providers)', () => {
    for (const issuer of ['http://localhost:8080/realms/dev', 'http://127.0.0.1:9000/', 'http://[::1]:9000/']) {
      expect(read({ provider: 'Custom', jwt: { ...JWT, issuer } }).settings).toMatchObject({ kind: 'jwt' })
    }
  })

  it('accepts roles-claim beside provider, but not two different spellings', () => {
    expect(read({ provider: 'Custom', jwt: JWT, 'roles-claim': 'groups' }).settings).toMatchObject({
      jwt: { roles: { segments: ['groups'] } },
    })
    expect(problems({ provider: 'Custom', jwt: { ...JWT, 'roles-path': 'a' }, 'roles-claim': 'b' })).toMatch(
      /roles-claim: another spelling of jwt\.roles-path/,
    )
  })
})
