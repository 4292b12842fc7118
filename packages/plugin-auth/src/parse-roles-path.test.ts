import { describe, expect, it } from 'vitest'
import { parseRolesPath } from './parse-roles-path.js'

describe('parseRolesPath', () => {
  it.each([
    ['roles', ['roles']],
    ['realm_access.roles', ['realm_access', 'roles']],
    ["resource_access['my-api'].roles", ['resource_access', 'my-api', 'roles']],
    ["['https://example.com/roles']", ['https://example.com/roles']],
    ['https://example.com/roles', ['https://example.com/roles']],
    ['http://example.com/claims/roles.v2', ['http://example.com/claims/roles.v2']],
    ["['a.b']['c.d'].e", ['a.b', 'c.d', 'e']],
    ["a.['b.c']", ['a', 'b.c']],
    ['urn:zitadel:iam:org:project:roles', ['urn:zitadel:iam:org:project:roles']],
    ["['it''s']", ["it''s"]],
  ])('%s → %j', (path, segments) => {
    expect(parseRolesPath(path)).toEqual({ segments })
  })

  it.each([
    ['', /empty/],
    ['  ', /empty/],
    ['.roles', /missing at position 1/],
    ['realm_access.', /ends with a dot/],
    ['a..b', /missing at position 3/],
    ["['unclosed", /no closing/],
    ["['']", /empty/],
    ["a['b']c", /unexpected 'c'/],
    ['a[0]', /unexpected '\['/],
  ])('rejects %j', (path, message) => {
    const result = parseRolesPath(path)
    expect(result).toHaveProperty('error')
    expect((result as { error: string }).error).toMatch(message)
  })
})
