import { describe, expect, it } from 'vitest'
import { isSluiceError } from '../errors/sluice-error.js'
import { parseConfig } from './load-config.js'

function problemsOf(runtime: Record<string, unknown>): string[] {
  try {
    parseConfig(
      { 'data-source': { 'database-type': 'pglite', 'connection-string': '' }, runtime, entities: {} },
      { baseDir: '/', env: {} },
    )
    return []
  } catch (error) {
    if (!isSluiceError(error)) throw error
    return String(error.params['problems'])
      .split('\n')
      .map((line) => line.replace(/^ {2}- /, ''))
  }
}

describe('checkEndpointPaths', () => {
  it('refuses two enabled protocols on one path', () => {
    expect(problemsOf({ mcp: { path: '/api' } })).toEqual([
      "runtime.mcp.path: '/api' is already runtime.rest.path; give each protocol its own path",
    ])
    expect(problemsOf({ mcp: { path: '/graphql' } })).toEqual([
      "runtime.mcp.path: '/graphql' is already runtime.graphql.path; give each protocol its own path",
    ])
  })

  it("allows distinct paths, and a disabled protocol's path", () => {
    expect(problemsOf({ mcp: { path: '/agents' }, graphql: { path: '/gql' } })).toEqual([])
    expect(problemsOf({ mcp: { path: '/api', enabled: false } })).toEqual([])
    expect(problemsOf({ mcp: { path: '/API' } })).toEqual([])
  })
})
