import { describe, expect, it } from 'vitest'
import { documentSecurity } from './document-security.js'

const auth = (provider: string | undefined) => ({ provider, jwt: undefined, raw: {} })

describe('documentSecurity', () => {
  it.each(['EntraID', 'AzureAD', 'custom', 'Okta'])(
    "a JWT provider (%s): a role's document requires a bearer token",
    (p) => {
      const { security, securitySchemes } = documentSecurity(auth(p), 'editor')
      expect(security).toEqual([{ bearerAuth: [] }])
      expect(securitySchemes?.['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
      expect(documentSecurity(auth(p), 'anonymous')).toEqual({ security: [] })
    },
  )

  it.each(['Simulator', 'StaticWebApps', 'appservice', 'Unauthenticated', undefined])(
    'no credential the client sends (%s): nothing required, no scheme',
    (p) => {
      expect(documentSecurity(auth(p), 'authenticated')).toEqual({ security: [] })
    },
  )

  it('no authentication section: nothing required', () => {
    expect(documentSecurity(undefined, 'authenticated')).toEqual({ security: [] })
  })
})
