import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer } from './support/library-test-server.js'

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version
const TABLES_AND_VIEWS = ['Publisher', 'Author', 'Book', 'BookAuthor', 'Review', 'Loan', 'BookDetail']

interface Check {
  status: string
  name: string
  tags: string[]
  exception?: string
  data: { 'response-ms': number; 'threshold-ms': number }
}

function checksNamed(body: { checks: Check[] }, name: string): Check[] {
  return body.checks.filter((c) => c.name === name)
}

describe('GET /health in development without roles (the sample config)', () => {
  const library = useLibraryServer({ runtime: { health: { 'cache-ttl-seconds': 0 } } })

  it("answers Data API builder's report: status, version, app-name, timestamp, current-role, configuration, checks", async () => {
    const response = await library.request('/health', { role: 'authenticated' })
    expect(response.status, response.text).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = response.body
    expect(Object.keys(body)).toEqual([
      'status',
      'version',
      'app-name',
      'timestamp',
      'current-role',
      'configuration',
      'checks',
    ])
    expect(body).toMatchObject({
      status: 'Healthy',
      version,
      'app-name': `sluice_${version}`,
      'current-role': 'authenticated',
    })
    expect(Date.parse(body.timestamp)).not.toBeNaN()
    expect(body.configuration).toEqual({
      rest: true,
      graphql: true,
      mcp: true,
      caching: false,
      telemetry: false,
      mode: 'Development',
      embeddings: false,
      'embeddings-endpoint': false,
    })
    expect(body.checks[0]).toMatchObject({
      status: 'Healthy',
      name: 'PGlite',
      tags: ['data-source'],
      data: { 'threshold-ms': 1000 },
    })
    for (const name of TABLES_AND_VIEWS) {
      expect(
        checksNamed(body, name).map((c) => c.tags),
        name,
      ).toEqual([
        ['rest', 'endpoint'],
        ['graphql', 'endpoint'],
      ])
    }
    expect(body.checks.at(-1)).toMatchObject({
      status: 'Healthy',
      name: 'mcp',
      tags: ['mcp'],
      data: { 'threshold-ms': 1000 },
    })
    expect(body.checks).toHaveLength(1 + 2 * TABLES_AND_VIEWS.length + 1)
    for (const check of body.checks as Check[]) {
      expect(check.status, JSON.stringify(check)).toBe('Healthy')
      expect(check.data['response-ms']).toBeGreaterThanOrEqual(0)
      expect(check.exception).toBeUndefined()
    }
  })

  it('runs the checks as the caller, and only those of what the caller may read: Healthy for anonymous', async () => {
    const response = await library.request('/health')
    expect(response.status, response.text).toBe(200)
    expect(response.body['current-role']).toBe('anonymous')
    expect(response.body.status).toBe('Healthy')
    // Anonymous may not read Loan: its checks are not run (they could only fail with 403) but named as skipped.
    expect(checksNamed(response.body, 'Loan')).toEqual([])
    expect(response.body.skipped).toEqual([
      { name: 'Loan', tags: ['rest', 'endpoint'], reason: 'The role may not read this entity.' },
      { name: 'Loan', tags: ['graphql', 'endpoint'], reason: 'The role may not read this entity.' },
    ])
    expect(Object.keys(response.body).at(-1)).toBe('skipped')
    // Author's email is excluded for anonymous: the GraphQL check asks only for what the role may read.
    expect(checksNamed(response.body, 'Author').map((c) => c.status)).toEqual(['Healthy', 'Healthy'])
    expect(checksNamed(response.body, 'Book').map((c) => c.status)).toEqual(['Healthy', 'Healthy'])
    expect(response.body.checks).toHaveLength(1 + 2 * (TABLES_AND_VIEWS.length - 1) + 1)
  })

  it('a role the caller does not hold is refused like any request', async () => {
    const response = await library.request('/health', { headers: { 'x-ms-api-role': ['a', 'b'] } })
    expect(response.status).toBe(403)
    expect(isErrorEnvelope(response)).toBe(true)
  })

  it('GET / stays the basic status', async () => {
    const response = await library.request('/')
    expect(response.body).toEqual({ status: 'Healthy', version })
  })
})

describe('GET /health: runtime.health.roles', () => {
  const library = useLibraryServer({ runtime: { health: { roles: ['Admin', 'authenticated'] } } })

  it('admits a listed role (compared case-insensitively) and refuses others with 403', async () => {
    expect((await library.request('/health', { role: 'admin' })).status).toBe(200)
    expect((await library.request('/health', { role: 'authenticated' })).status).toBe(200)
    const refused = await library.request('/health')
    expect(refused.status).toBe(403)
    expect(isErrorEnvelope(refused)).toBe(true)
    expect((await library.request('/health', { role: 'editor' })).status).toBe(403)
  })
})

describe('GET /health in production', () => {
  const open = useLibraryServer({
    runtime: { host: { mode: 'production' }, health: { roles: ['anonymous'] } },
    entities: { Loan: { health: { enabled: false } } },
  })
  const closed = useLibraryServer({ runtime: { host: { mode: 'production' } } })

  it('is refused when no roles are configured', async () => {
    const response = await closed.request('/health')
    expect(response.status).toBe(403)
    expect(isErrorEnvelope(response)).toBe(true)
  })

  it('answers a listed role, without the entities whose health is disabled', async () => {
    const response = await open.request('/health')
    expect(response.status, response.text).toBe(200)
    expect(response.body.configuration.mode).toBe('Production')
    expect(checksNamed(response.body, 'Loan')).toEqual([])
    expect(response.body.status).toBe('Healthy')
  })
})

describe('GET /health: per-source and per-entity settings, caching', () => {
  const library = useLibraryServer({
    edit: (json) => {
      ;(json['data-source'] as Record<string, unknown>)['health'] = { name: 'primary', 'threshold-ms': 2500 }
    },
    runtime: { health: { 'cache-ttl-seconds': 60 }, mcp: { enabled: false }, graphql: { enabled: false } },
    entities: {
      Book: { health: { first: 3, 'threshold-ms': 4000 } },
      Author: { health: { enabled: false } },
      Review: { rest: { enabled: false } },
    },
  })

  it('names the data source, uses each threshold, and checks only what is enabled', async () => {
    const response = await library.request('/health', { role: 'authenticated' })
    expect(response.status, response.text).toBe(200)
    expect(response.body.checks[0]).toMatchObject({
      name: 'primary',
      tags: ['data-source'],
      data: { 'threshold-ms': 2500 },
    })
    expect(checksNamed(response.body, 'Book')).toEqual([
      expect.objectContaining({ tags: ['rest', 'endpoint'], data: expect.objectContaining({ 'threshold-ms': 4000 }) }),
    ])
    expect(checksNamed(response.body, 'Author')).toEqual([])
    expect(checksNamed(response.body, 'Review')).toEqual([])
    expect(response.body.checks.some((c: Check) => c.tags.includes('graphql') || c.tags.includes('mcp'))).toBe(false)
  })

  it('keeps the report for cache-ttl-seconds per role, with current-role set for each caller', async () => {
    const first = await library.request('/health', { role: 'authenticated' })
    const again = await library.request('/health', { role: 'authenticated' })
    expect(again.body.timestamp).toBe(first.body.timestamp)
    const anonymous = await library.request('/health')
    expect(anonymous.body['current-role']).toBe('anonymous')
    // Built for anonymous, not copied from the authenticated report: Loan is checked for authenticated only.
    expect(checksNamed(anonymous.body, 'Loan')).toEqual([])
    expect(anonymous.body.skipped).toEqual([
      { name: 'Loan', tags: ['rest', 'endpoint'], reason: 'The role may not read this entity.' },
    ])
    expect(checksNamed(first.body, 'Loan')[0]!.status).toBe('Healthy')
    expect(first.body.skipped).toBeUndefined()
  })
})

describe('GET /health disabled', () => {
  const library = useLibraryServer({ runtime: { health: { enabled: false } } })

  it('is a 404 envelope', async () => {
    const response = await library.request('/health')
    expect(response.status).toBe(404)
    expect(isErrorEnvelope(response)).toBe(true)
  })
})
