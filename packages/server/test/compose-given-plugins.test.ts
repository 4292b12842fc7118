import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

// A separate process, so the module graph is the host's own and not vitest's.
describe('createServer with its own plugin list', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-compose-'))
  const loadLog = join(dir, 'loads.txt')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('loads and serves only the plugins it is given, with the HTTP conventions of the full server', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--conditions=@sluice/source',
        '--import',
        'tsx',
        '--import',
        join(FIXTURES, 'record-module-loads.mjs'),
        join(FIXTURES, 'compose-rest-only.ts'),
      ],
      { cwd: ROOT, env: { ...process.env, SLUICE_LOAD_LOG: loadLog } },
    )
    const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, { status: number; body: any }>
    expect(results['rest']!.status).toBe(200)
    expect(results['rest']!.body.value).toHaveLength(1)
    // No GraphQL plugin given: /graphql is an unknown path, answered in the spec's envelope.
    expect(results['graphql']).toEqual({ status: 404, body: { error: expect.objectContaining({ status: 404 }) } })
    expect(results['repeatedRole']!.status).toBe(403)
    expect(results['repeatedRole']!.body.error.status).toBe(403)

    const loaded = readFileSync(loadLog, 'utf8')
    // PGlite shares PostgreSQL's SQL (plugin-postgres/src/sql), but not its driver.
    const absentModules = [
      'plugin-graphql',
      'plugin-mcp',
      'plugin-openapi',
      'plugin-mssql',
      'plugin-mysql',
      'plugin-postgres/src/index',
      'plugin-telemetry',
      'plugin-cache-redis',
      'plugin-compression',
      'plugin-auth',
    ]
    const absentLibraries = [
      'pg',
      'graphql',
      'mysql2',
      'tedious',
      'ioredis',
      '@opentelemetry+sdk-trace-base',
      '@modelcontextprotocol+sdk',
    ].map((name) => `/.pnpm/${name}@`)
    for (const absent of [...absentModules, ...absentLibraries]) {
      expect(loaded.includes(absent), `${absent} was loaded`).toBe(false)
    }
    expect(loaded).toContain('plugin-rest')
  }, 60_000)
})
