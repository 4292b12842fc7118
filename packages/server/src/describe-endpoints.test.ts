import { describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { describeEndpoints } from './describe-endpoints.js'

const config = (runtime: Record<string, unknown>) =>
  parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'postgresql://localhost/x' },
      runtime,
      entities: { A: { source: 'a', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    },
    { baseDir: process.cwd() },
  )

describe('describeEndpoints', () => {
  it('lists every protocol the default plugins serve, with Swagger UI in development only', () => {
    expect(describeEndpoints(config({ host: { mode: 'development' } }), 'http://127.0.0.1:5000')).toBe(
      'REST http://127.0.0.1:5000/api, OpenAPI http://127.0.0.1:5000/api/openapi, GraphQL http://127.0.0.1:5000/graphql, ' +
        'MCP http://127.0.0.1:5000/mcp, Swagger UI http://127.0.0.1:5000/swagger',
    )
    expect(describeEndpoints(config({ host: { mode: 'production' } }), 'http://h')).not.toContain('Swagger')
  })

  it('follows the configured paths and switches', () => {
    const text = describeEndpoints(
      config({ rest: { path: '/data' }, graphql: { enabled: false }, mcp: { path: '/agents' } }),
      'http://h',
    )
    expect(text).toBe('REST http://h/data, OpenAPI http://h/data/openapi, MCP http://h/agents')
    expect(
      describeEndpoints(
        config({ rest: { enabled: false }, graphql: { enabled: false }, mcp: { enabled: false } }),
        'http://h',
      ),
    ).toBe('no protocol enabled')
  })
})
