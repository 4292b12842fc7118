import type { HttpRequest } from '@sluice/core/protocol'
import { describe, expect, it } from 'vitest'
import { createAllowedHostCheck } from './check-allowed-host.js'

function request(headers: Record<string, string>): HttpRequest {
  return { method: 'POST', path: '/mcp', query: '', headers, body: '', protocol: 'http', host: headers['host'] ?? '' }
}

describe('createAllowedHostCheck', () => {
  const check = createAllowedHostCheck(['api.example.com', ' [2001:db8::1] '])

  it('trusts loopback names and configured hosts, ignoring ports and case', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:5000',
      '127.0.0.1:80',
      '[::1]:5000',
      '[::1]',
      'Api.Example.com:443',
      '[2001:db8::1]:8080',
    ]) {
      expect(check(request({ host })), host).toBeUndefined()
    }
  })

  it('refuses a missing or foreign Host', () => {
    expect(check(request({}))).toMatch(/Host header/)
    expect(check(request({ host: 'evil.example' }))).toMatch(/Host header/)
    expect(check(request({ host: 'localhost.evil.example' }))).toMatch(/Host header/)
    expect(check(request({ host: '[::1' }))).toMatch(/Host header/)
  })

  it('checks Origin when present: foreign, opaque and unparsable origins are refused', () => {
    expect(check(request({ host: 'localhost', origin: 'http://localhost:3000' }))).toBeUndefined()
    expect(check(request({ host: 'localhost', origin: 'https://api.example.com' }))).toBeUndefined()
    expect(check(request({ host: 'localhost', origin: 'http://evil.example' }))).toMatch(/Origin header/)
    expect(check(request({ host: 'localhost', origin: 'null' }))).toMatch(/Origin header/)
    expect(check(request({ host: 'localhost', origin: 'not a url' }))).toMatch(/Origin header/)
  })

  it('"*" turns the check off', () => {
    expect(createAllowedHostCheck(['*'])(request({ host: 'evil.example', origin: 'null' }))).toBeUndefined()
  })
})
