import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runSluice } from './support/run-sluice-cli.js'

/** `sluice init` run as a user runs `dab init`: the file it writes, key for key, and its messages and exit codes. */
const fresh = (): string => mkdtempSync(join(tmpdir(), 'sluice-init-'))
const read = (dir: string, name = 'dab-config.json'): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'))

describe('sluice init', () => {
  it("writes the config dab init writes, in dab's key order, and says so", async () => {
    const dir = fresh()
    // the first line of Data API builder's own config-generators/postgresql-commands.txt
    const run = await runSluice(
      [
        'init',
        '--config',
        'dab-config.PostgreSql.json',
        '--database-type',
        'postgresql',
        '--connection-string',
        'Host=localhost;Database=datagatewaytest;username=REPLACEME;password=REPLACEME',
        '--host-mode',
        'Development',
        '--cors-origin',
        'http://localhost:5000',
        '--rest.request-body-strict',
        'true',
        '--auth.provider',
        'AppService',
      ],
      dir,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('info: Config file generated.')
    expect(run.stdout).toContain(
      "info: SUGGESTION: Use 'sluice add [entity-name] [options]' to add new entities in your config.",
    )
    const text = readFileSync(join(dir, 'dab-config.PostgreSql.json'), 'utf8')
    expect(text.startsWith('{\n  "$schema": ')).toBe(true)
    expect(JSON.parse(text)).toEqual({
      $schema: 'https://github.com/Azure/data-api-builder/releases/latest/download/dab.draft.schema.json',
      'data-source': {
        'database-type': 'postgresql',
        'connection-string': 'Host=localhost;Database=datagatewaytest;username=REPLACEME;password=REPLACEME',
        options: {},
      },
      runtime: {
        rest: { enabled: true, path: '/api', 'request-body-strict': true },
        graphql: { enabled: true, path: '/graphql', 'allow-introspection': true },
        mcp: { enabled: true, path: '/mcp' },
        host: {
          cors: { origins: ['http://localhost:5000'], 'allow-credentials': false },
          authentication: { provider: 'AppService' },
          mode: 'development',
        },
        telemetry: {
          'open-telemetry': {
            enabled: true,
            endpoint: "@env('OTEL_EXPORTER_OTLP_ENDPOINT')",
            headers: "@env('OTEL_EXPORTER_OTLP_HEADERS')",
            'service-name': "@env('OTEL_SERVICE_NAME')",
          },
        },
      },
      autoentities: {},
      entities: {},
    })
    expect(Object.keys(JSON.parse(text).runtime)).toEqual(['rest', 'graphql', 'mcp', 'host', 'telemetry'])
  })

  it("applies dab's defaults and SQL Server's session context, JWT settings and prefixed paths", async () => {
    const dir = fresh()
    const run = await runSluice(
      [
        'init',
        '--database-type',
        'MSSQL',
        '--set-session-context',
        '--rest.path',
        'rest-api',
        '--graphql.path',
        'gql',
        '--auth.provider',
        'EntraID',
        '--auth.audience',
        'api://app',
        '--auth.issuer',
        'https://issuer',
        '--graphql.multiple-mutations.create.enabled',
        'true',
        '--mcp.aggregate-records.query-timeout',
        '60',
        '--cors-origin',
        'https://a.example,https://b.example',
      ],
      dir,
    )
    expect(run.code).toBe(0)
    const config = read(dir) as Record<string, any>
    expect(config['data-source']).toEqual({
      'database-type': 'mssql',
      'connection-string': '',
      options: { 'set-session-context': true },
    })
    expect(config.runtime.rest).toEqual({ enabled: true, path: '/rest-api', 'request-body-strict': false })
    expect(config.runtime.graphql).toEqual({
      enabled: true,
      path: '/gql',
      'allow-introspection': true,
      'multiple-mutations': { create: { enabled: true } },
    })
    expect(config.runtime.mcp).toEqual({
      enabled: true,
      path: '/mcp',
      'dml-tools': { 'aggregate-records': { 'query-timeout': 60 } },
    })
    expect(config.runtime.host).toEqual({
      cors: { origins: ['https://a.example', 'https://b.example'], 'allow-credentials': false },
      authentication: { provider: 'EntraID', jwt: { audience: 'api://app', issuer: 'https://issuer' } },
      mode: 'production',
    })
  })

  it('writes dab-config.{DAB_ENVIRONMENT}.json when no --config is given', async () => {
    const dir = fresh()
    const run = await runSluice(['init', '--database-type', 'postgresql'], dir, { DAB_ENVIRONMENT: 'Staging' })
    expect(run.code).toBe(0)
    expect(existsSync(join(dir, 'dab-config.Staging.json'))).toBe(true)
    expect(existsSync(join(dir, 'dab-config.json'))).toBe(false)
  })

  it("refuses what dab refuses, with dab's message, exit 1 and no stack trace, leaving no file", async () => {
    const dir = fresh()
    const cases: Array<[string[], string]> = [
      [
        ['--database-type', 'postgresql', '--auth.provider', 'EntraID'],
        'fail: Authentication providers other than EasyAuth, Simulator, and Unauthenticated require both Audience and Issuer.',
      ],
      [
        [
          '--database-type',
          'postgresql',
          '--rest.enabled',
          'false',
          '--graphql.enabled',
          'false',
          '--mcp.enabled',
          'false',
        ],
        'fail: At least one of REST, GraphQL, or MCP must be enabled.',
      ],
      [
        ['--database-type', 'postgresql', '--rest.path', 'a?b'],
        'fail: REST path contains one or more reserved characters.',
      ],
      [
        ['--database-type', 'postgresql', '--runtime.base-route', 'base'],
        'fail: Runtime base-route can only be specified when the authentication provider is Static Web Apps.',
      ],
      [['--database-type', 'cosmosdb_nosql'], "fail: Sluice has no engine for database-type 'cosmosdb_nosql'"],
      [['--database-type', 'oracle'], "fail: Invalid database-type 'oracle'. Supported values: postgresql"],
      [
        ['--database-type', 'postgresql', '--host-mode', 'staging'],
        "fail: Invalid value 'staging' for --host-mode: expected one of development, production.",
      ],
      [
        ['--database-type', 'postgresql', '--rest.enabled', 'yes'],
        "fail: Invalid value 'yes' for --rest.enabled: expected true or false.",
      ],
    ]
    for (const [args, message] of cases) {
      const run = await runSluice(['init', ...args], dir)
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr).toContain(message)
      expect(run.stderr).toContain('fail: Could not generate config file.')
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
    expect(existsSync(join(dir, 'dab-config.json'))).toBe(false)
  })

  it('names an unknown flag with a suggestion and never overwrites an existing config', async () => {
    const dir = fresh()
    const typo = await runSluice(['init', '--database-typ', 'postgresql'], dir)
    expect(typo.code).toBe(1)
    expect(typo.stderr.trim()).toBe(
      "fail: unknown option '--database-typ' (Did you mean --database-type?) Run 'sluice init --help' for usage.",
    )
    writeFileSync(join(dir, 'dab-config.json'), '{"keep": true}')
    const again = await runSluice(['init', '--database-type', 'postgresql'], dir)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(
      `fail: Config file: ${join(dir, 'dab-config.json')} already exists. Please provide a different name or remove the existing config file.`,
    )
    expect(read(dir)).toEqual({ keep: true })
  })

  it('names Data API builder verbs Sluice does not have', async () => {
    const run = await runSluice(['appname'], fresh())
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      "sluice: 'appname' is a Data API builder command Sluice does not have: Sluice does not tag SQL connections",
    )
  })

  it("prints each verb's flags for --help and exits 0", async () => {
    const dir = fresh()
    for (const verb of ['init', 'add', 'update', 'configure', 'add-telemetry', 'export']) {
      const run = await runSluice([verb, '--help'], dir)
      expect(run.code, verb).toBe(0)
      expect(run.stdout, verb).toContain(`Usage: sluice ${verb} [options]`)
      expect(run.stdout, verb).toContain('-c, --config <file>')
    }
  })
})
