import { describe, expect, it } from 'vitest'
import { createCorsPolicy } from './create-cors-policy.js'

describe('createCorsPolicy', () => {
  it('["*"] alone allows every origin with *', () => {
    const policy = createCorsPolicy({ origins: ['*'], allowCredentials: false })
    expect(policy.allowOrigin('http://anything.example:8080')).toBe('*')
  })

  it('a * beside other origins is only text (ASP.NET Core)', () => {
    const policy = createCorsPolicy({
      origins: ['http://localhost:3000', '*', 'invalid host'],
      allowCredentials: false,
    })
    expect(policy.allowOrigin('http://localhost:3000')).toBe('http://localhost:3000')
    expect(policy.allowOrigin('http://localhost:4000')).toBeUndefined()
  })

  it('matches scheme, host and port exactly, ignoring case and a trailing slash in the config', () => {
    const policy = createCorsPolicy({ origins: ['HTTP://LocalHost:3000/'], allowCredentials: true })
    expect(policy.allowOrigin('http://localhost:3000')).toBe('http://localhost:3000')
    expect(policy.allowOrigin('https://localhost:3000')).toBeUndefined()
    expect(policy.allowOrigin('http://localhost:3001')).toBeUndefined()
    expect(policy.allowCredentials).toBe(true)
  })

  it('https://*.example.com allows subdomains of any depth over https only, not the apex', () => {
    const policy = createCorsPolicy({ origins: ['https://*.example.com'], allowCredentials: false })
    expect(policy.allowOrigin('https://app.example.com')).toBe('https://app.example.com')
    expect(policy.allowOrigin('https://a.b.example.com')).toBe('https://a.b.example.com')
    expect(policy.allowOrigin('https://example.com')).toBeUndefined()
    expect(policy.allowOrigin('http://app.example.com')).toBeUndefined()
    expect(policy.allowOrigin('https://app.example.com.evil.test')).toBeUndefined()
    expect(policy.allowOrigin('https://appexample.com')).toBeUndefined()
  })

  it('no origins, or only empty ones, is an empty policy', () => {
    expect(createCorsPolicy({ origins: [], allowCredentials: false }).empty).toBe(true)
    expect(createCorsPolicy({ origins: [''], allowCredentials: false }).empty).toBe(true)
    expect(
      createCorsPolicy({ origins: ['*', ''], allowCredentials: false }).allowOrigin('http://localhost:3000'),
    ).toBeUndefined()
  })

  it('refuses origins ["*"] with allow-credentials, as ASP.NET Core does at start-up', () => {
    expect(() => createCorsPolicy({ origins: ['*'], allowCredentials: true })).toThrow(
      /allow-credentials true cannot be combined with origins \["\*"\]/,
    )
  })
})
