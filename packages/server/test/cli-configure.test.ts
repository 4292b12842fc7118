import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runSluice, startSluice } from './support/run-sluice-cli.js'

/**
 * `sluice configure` and `sluice add-telemetry` run as the real CLI on a config `sluice init` wrote, then `sluice start`
 * on the result, against a PostgreSQL database of our own. Skips when PostgreSQL is unreachable, except under CI=true.
 */
const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-configure-'))
const file = join(dir, 'dab-config.json')
let database: Awaited<ReturnType<typeof createTestDatabase>>
let unavailable: string | undefined

async function sluice(...args: string[]): Promise<string> {
  const run = await runSluice(args, dir)
  if (run.code !== 0)
    throw new Error(`sluice ${args.join(' ')} exited ${String(run.code)}:\n${run.stdout}${run.stderr}`)
  return run.stdout
}
const config = (): Record<string, any> => JSON.parse(readFileSync(file, 'utf8'))

beforeAll(async () => {
  database = await createTestDatabase(
    'sluice_cli_configure',
    `
    CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL);
    INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 5) g;`,
  )
  if ('unavailable' in database) {
    unavailable = database.unavailable
    return
  }
  await sluice('init', '--database-type', 'postgresql', '--connection-string', database.url)
  await sluice('add', 'Item', '-s', 'items', '--permissions', 'anonymous:read')
  await sluice('add', 'Secret', '-s', 'items', '--permissions', 'admin:*', '--rest', 'secrets')
})
afterAll(async () => {
  if (database !== undefined && !('unavailable' in database)) await database.drop()
})

describe('sluice configure', () => {
  it('writes the runtime and data-source keys its flags name and keeps everything else', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const before = config()
    const out = await sluice(
      'configure',
      '--runtime.rest.path',
      '/v1',
      '--runtime.graphql.depth-limit',
      '2',
      '--runtime.pagination.max-page-size',
      '3',
      '--runtime.pagination.default-page-size',
      '2',
      '--runtime.mcp.dml-tools.delete-record',
      'false',
      '--runtime.telemetry.log-level',
      'Default:Warning,Sluice:Debug',
      '--data-source.health.threshold-ms',
      '500',
      '--runtime.host.cors.origins',
      'https://a.example',
      'https://b.example',
      '--runtime.cache.ttl-seconds',
      '10',
    )
    expect(out).toContain("info: Updated RuntimeConfig with runtime.rest.path as '/v1'")
    expect(out).toContain('info: Successfully updated runtime settings in the config file.')
    const after = config()
    expect(after.runtime.rest).toEqual({ ...before.runtime.rest, path: '/v1' })
    expect(after.runtime.graphql).toEqual({ ...before.runtime.graphql, 'depth-limit': 2 })
    expect(after.runtime.pagination).toEqual({ 'max-page-size': 3, 'default-page-size': 2 })
    expect(after.runtime.mcp['dml-tools']).toEqual({ 'delete-record': false })
    expect(after.runtime.telemetry).toEqual({
      ...before.runtime.telemetry,
      'log-level': { Default: 'warning', Sluice: 'debug' },
    })
    expect(after.runtime.host.cors.origins).toEqual(['https://a.example', 'https://b.example'])
    expect(after.runtime.cache).toEqual({ 'ttl-seconds': 10 })
    expect(after['data-source']).toEqual({ ...before['data-source'], health: { 'threshold-ms': 500 } })
    expect(after.entities).toEqual(before.entities)
    expect(Object.keys(after.runtime)).toEqual(['rest', 'graphql', 'mcp', 'host', 'telemetry', 'cache', 'pagination'])

    expect(await sluice('configure', '--runtime.mcp.dml-tools.enabled', 'false')).toContain(
      "Updated RuntimeConfig with runtime.mcp.dml-tools.enabled as 'false'",
    )
    expect(config().runtime.mcp['dml-tools']).toBe(false)
    await sluice('configure', '--runtime.mcp.dml-tools.read-records', 'true')
    expect(config().runtime.mcp['dml-tools']).toEqual({
      'describe-entities': false,
      'create-record': false,
      'read-records': true,
      'update-record': false,
      'delete-record': false,
      'execute-entity': false,
      'aggregate-records': false,
    })
  }, 60_000)

  it("refuses invalid values with dab's messages and exit 1, leaving the file as it was", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const before = readFileSync(file, 'utf8')
    const cases: Array<[string[], string]> = [
      [
        ['--runtime.rest.path', 'v2'],
        "fail: Failed to update RuntimeConfig with runtime.rest.path as 'v2'. Error details: should start with a '/'.",
      ],
      [
        ['--runtime.graphql.depth-limit', '0'],
        'fail: Invalid depth limit. Specify a depth limit > 0 or remove the existing depth limit by specifying -1.',
      ],
      [
        ['--data-source.options.set-session-context', 'true'],
        'fail: SetSessionContext option is only applicable for MSSQL/DWSQL database type.',
      ],
      [
        ['--data-source.user-delegated-auth.enabled', 'true'],
        "fail: user-delegated-auth is only supported for database-type 'mssql'.",
      ],
      [
        ['--runtime.telemetry.log-level', 'Default'],
        "fail: Invalid log-level format 'Default'. Expected 'Namespace:Level'.",
      ],
      [['--runtime.embeddings.enabled', 'true'], 'fail: Failed to configure embeddings: provider is required.'],
      [
        ['--runtime.host.mode', 'staging'],
        "fail: Invalid value 'staging' for --runtime.host.mode: expected one of development, production.",
      ],
      [
        ['--runtime.health.max-query-parallelism', '9'],
        "fail: Invalid value '9' for --runtime.health.max-query-parallelism: expected an integer from 1 to 8.",
      ],
      [['--data-source.database-type', 'cosmosdb_nosql'], "fail: Invalid database type 'cosmosdb_nosql'."],
      [[], 'fail: No setting to change'],
      [['--runtime.rest.pth', '/x'], "fail: unknown option '--runtime.rest.pth' (Did you mean --runtime.rest.path?)"],
    ]
    for (const [args, message] of cases) {
      const run = await runSluice(['configure', ...args], dir)
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr, args.join(' ')).toContain(message)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
    expect(readFileSync(file, 'utf8')).toBe(before)
  }, 60_000)

  it('never prints a password of the connection string it writes', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    if ('unavailable' in database) return
    const withPassword = new URL(database.url)
    withPassword.password = 'hunter2'
    const out = await sluice('configure', '--data-source.connection-string', withPassword.toString())
    expect(out).not.toContain('hunter2')
    expect(config()['data-source']['connection-string']).toBe(withPassword.toString())
    await sluice('configure', '--data-source.connection-string', database.url)
  })

  it('lists effective permissions as dab does', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const lines = (await sluice('configure', '--show-effective-permissions')).split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'info: Entity: Item',
        'info:   Role: anonymous | Actions: Read',
        'info:   Role: authenticated | Actions: Read (inherited from: anonymous)',
        'info:   Any unconfigured named role inherits from: anonymous',
        'info: Entity: Secret',
        'info:   Role: admin | Actions: All',
      ]),
    )
  })
})

describe('sluice add-telemetry', () => {
  it("writes OpenTelemetry and Application Insights with dab's defaults, keeping what is not given", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(
      await sluice(
        'add-telemetry',
        '--otel-enabled',
        'true',
        '--otel-endpoint',
        'http://127.0.0.1:4318',
        '--otel-protocol',
        'httpprotobuf',
      ),
    ).toContain('info: Successfully added telemetry to the configuration file.')
    expect(config().runtime.telemetry['open-telemetry']).toEqual({
      enabled: true,
      endpoint: 'http://127.0.0.1:4318',
      headers: "@env('OTEL_EXPORTER_OTLP_HEADERS')",
      'exporter-protocol': 'httpprotobuf',
      'service-name': "@env('OTEL_SERVICE_NAME')",
    })
    await sluice(
      'add-telemetry',
      '--app-insights-conn-string',
      'InstrumentationKey=00000000-0000-0000-0000-000000000000',
      '--otel-enabled',
      'false',
    )
    const telemetry = config().runtime.telemetry
    expect(telemetry['application-insights']).toEqual({
      enabled: false,
      'connection-string': 'InstrumentationKey=00000000-0000-0000-0000-000000000000',
    })
    expect(telemetry['open-telemetry'].enabled).toBe(false)
    expect(Object.keys(telemetry)).toEqual(['application-insights', 'open-telemetry', 'log-level'])

    const invalid = await runSluice(
      ['add-telemetry', '--app-insights-enabled', 'true', '--app-insights-conn-string', ' '],
      dir,
    )
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toBe(
      'fail: Invalid Application Insights connection string provided.\nfail: Failed to add telemetry to the configuration file.\n',
    )
    const protocol = await runSluice(['add-telemetry', '--otel-protocol', 'udp'], dir)
    expect(protocol.stderr).toContain(
      "fail: Invalid value 'udp' for --otel-protocol: expected one of grpc, httpprotobuf.",
    )
  }, 60_000)
})

describe('the configured config', () => {
  it('starts and serves with the new settings', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const server = await startSluice([], dir)
    try {
      const page = await fetch(`${server.url}/v1/Item?$orderby=id`)
      expect(page.status).toBe(200)
      const body = (await page.json()) as { value: unknown[]; nextLink?: string }
      expect(body.value).toEqual([
        { id: 1, label: 'item 1' },
        { id: 2, label: 'item 2' },
      ])
      expect(body.nextLink).toContain('/v1/Item?')
      expect((await fetch(`${server.url}/v1/Item?$first=4`)).status).toBe(400)
      expect((await fetch(`${server.url}/api/Item`)).status).toBe(404)
      const deep = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ items { items { id } } }' }),
      })
      expect(deep.status).toBe(400)
      expect(JSON.stringify(await deep.json())).toMatch(/depth/i)
    } finally {
      await server.stop()
    }
  }, 60_000)
})
