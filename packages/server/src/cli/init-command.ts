import { existsSync } from 'node:fs'
import { formatWhole } from './apply-json-changes.js'
import { buildInitConfig } from './build-init-config.js'
import { CliError } from './cli-error.js'
import { writeConfigText } from './config-document.js'
import { DIALECT_DATABASE_TYPES, FOREIGN_DATABASE_TYPES } from './dialect-database-types.js'
import { initTargetFile } from './find-config-file.js'
import type { ConfigVerb } from './run-config-verb.js'
import type { VerbOptions } from './verb-options.js'
import { workingDirectory } from './working-directory.js'

/** `sluice init`: writes a new config, as `dab init` does. */
export const initCommand: ConfigVerb = {
  name: 'init',
  summary: 'Initialize configuration file.',
  options: [
    {
      flags: '--database-type <type>',
      description: 'Type of database to connect (required): postgresql, mysql, mssql, or pglite (embedded PostgreSQL)',
    },
    { flags: '--connection-string <text>', description: "Connection details to connect to the database (default: '')" },
    {
      flags: '--cosmosdb_nosql-database <name>',
      description: 'Database name for Azure Cosmos DB for NoSQL (not supported by Sluice)',
      hidden: true,
    },
    {
      flags: '--cosmosdb_nosql-container <name>',
      description: 'Container name for Azure Cosmos DB for NoSQL (not supported by Sluice)',
      hidden: true,
    },
    {
      flags: '--graphql-schema <file>',
      description: 'GraphQL schema path (Azure Cosmos DB for NoSQL only)',
      hidden: true,
    },
    {
      flags: '--set-session-context [bool]',
      description: 'Send data to SQL Server using session context (default: false)',
    },
    { flags: '--host-mode <mode>', description: 'Host mode: development or production (default: production)' },
    { flags: '--cors-origin <origins...>', description: 'Allowed origins, comma-separated' },
    { flags: '--auth.provider <provider>', description: 'Identity provider (default: Unauthenticated)' },
    { flags: '--auth.audience <audience>', description: 'Recipients the JWT is intended for' },
    { flags: '--auth.issuer <issuer>', description: 'Party that issued the JWT' },
    { flags: '--rest.path <path>', description: "REST endpoint prefix (default: '/api')" },
    { flags: '--runtime.base-route <route>', description: 'Base route for API requests (Static Web Apps only)' },
    { flags: '--rest.disabled [bool]', description: 'Deprecated: use --rest.enabled false', hidden: true },
    { flags: '--graphql.path <path>', description: "GraphQL endpoint prefix (default: '/graphql')" },
    { flags: '--graphql.disabled [bool]', description: 'Deprecated: use --graphql.enabled false', hidden: true },
    { flags: '--mcp.path <path>', description: "MCP endpoint prefix (default: '/mcp')" },
    { flags: '--mcp.disabled [bool]', description: 'Deprecated: use --mcp.enabled false', hidden: true },
    { flags: '--rest.enabled <bool>', description: 'Enable the REST endpoint (default: true)' },
    { flags: '--graphql.enabled <bool>', description: 'Enable the GraphQL endpoint (default: true)' },
    { flags: '--mcp.enabled <bool>', description: 'Enable the MCP endpoint (default: true)' },
    {
      flags: '--rest.request-body-strict <bool>',
      description: 'Reject extraneous fields in REST request bodies (default: false)',
    },
    {
      flags: '--graphql.multiple-mutations.create.enabled <bool>',
      description: 'Enable multiple-create mutations (default: false)',
    },
    {
      flags: '--mcp.aggregate-records.query-timeout <seconds>',
      description: 'Timeout of the aggregate-records MCP tool, 1-600',
    },
  ],
  examples: [
    'sluice init --database-type postgresql --connection-string "@env(\'DATABASE_URL\')" --host-mode development',
    'sluice init --database-type mssql --connection-string "Server=.;Database=app;Trusted_Connection=True" --set-session-context true',
  ],
  async run(parsed, out) {
    const { options } = parsed
    const file = initTargetFile(options.string('config'), workingDirectory())
    out.info(
      options.has('config')
        ? `Generating user provided config file with name: ${options.string('config')}`
        : `Generating default config file: ${file}`,
    )
    if (existsSync(file)) {
      throw new CliError(
        `Config file: ${file} already exists. Please provide a different name or remove the existing config file.`,
      )
    }
    const databaseType = readDatabaseType(options, DIALECT_DATABASE_TYPES)
    for (const flag of ['cosmosdb_nosql-database', 'cosmosdb_nosql-container', 'graphql-schema']) {
      if (options.has(flag)) out.warn(`--${flag} applies to Azure Cosmos DB for NoSQL only; it is ignored.`)
    }
    if (options.has('graphql.multiple-mutations.create.enabled') && databaseType !== 'mssql') {
      out.info(
        `Multiple-create mutations are written for ${databaseType}: Sluice serves them wherever the engine supports them.`,
      )
    }
    const config = buildInitConfig(
      {
        databaseType,
        connectionString: options.string('connection-string') ?? '',
        setSessionContext: options.boolean('set-session-context') ?? false,
        hostMode: options.choice('host-mode', ['development', 'production'] as const) ?? 'production',
        corsOrigins: options.list('cors-origin', ',') ?? [],
        authProvider: options.string('auth.provider') ?? 'Unauthenticated',
        audience: options.string('auth.audience'),
        issuer: options.string('auth.issuer'),
        restPath: options.string('rest.path') ?? '/api',
        graphqlPath: options.string('graphql.path') ?? '/graphql',
        mcpPath: options.string('mcp.path') ?? '/mcp',
        baseRoute: options.string('runtime.base-route'),
        restEnabled: isApiEnabled(options, 'rest', out.warn),
        graphqlEnabled: isApiEnabled(options, 'graphql', out.warn),
        mcpEnabled: isApiEnabled(options, 'mcp', out.warn),
        requestBodyStrict: options.boolean('rest.request-body-strict') ?? false,
        multipleCreate: options.boolean('graphql.multiple-mutations.create.enabled'),
        aggregateRecordsQueryTimeout: options.integer('mcp.aggregate-records.query-timeout', { min: 1, max: 600 }),
      },
      out.warn,
    )
    writeConfigText(file, formatWhole(config))
    out.info('Config file generated.')
    out.info("SUGGESTION: Use 'sluice add [entity-name] [options]' to add new entities in your config.")
  },
  failure: () => 'Could not generate config file.',
}

function readDatabaseType(options: VerbOptions, supported: readonly string[]): string {
  const given = options.string('database-type')?.trim().toLowerCase()
  if (given === undefined || given === '')
    throw new CliError(`Required option --database-type is missing. Supported values: ${supported.join(', ')}.`)
  if (FOREIGN_DATABASE_TYPES.includes(given)) {
    throw new CliError(
      `Sluice has no engine for database-type '${given}' (Data API builder's ${given}). Supported values: ${supported.join(', ')}.`,
    )
  }
  if (!supported.includes(given))
    throw new CliError(`Invalid database-type '${given}'. Supported values: ${supported.join(', ')}.`)
  return given
}

/** `--x.enabled` wins; the deprecated `--x.disabled` switch still works, and the two must not contradict each other. */
function isApiEnabled(options: VerbOptions, api: 'rest' | 'graphql' | 'mcp', warn: (message: string) => void): boolean {
  const enabled = options.boolean(`${api}.enabled`)
  const disabled = options.boolean(`${api}.disabled`)
  if (disabled === undefined) return enabled ?? true
  const name = api === 'rest' ? 'REST' : api === 'graphql' ? 'GraphQL' : 'MCP'
  warn(
    `The option --${api}.disabled is deprecated and support for the option will be removed in future versions of Data API builder. Use the --${api}.enabled option instead.`,
  )
  if (enabled !== undefined && enabled === disabled) {
    throw new CliError(
      `Config generation failed due to mismatch in the semantics of enabling ${name} API via --${api}.disabled and --${api}.enabled options`,
    )
  }
  return enabled ?? !disabled
}
