import { CliError } from './cli-error.js'
import type { JsonObject } from './config-document.js'
import { findUriPathProblem, withLeadingSlash } from './find-uri-path-problem.js'

/** Written as `$schema`: the draft schema of Data API builder's latest release (editors validate and complete with it). */
export const DAB_SCHEMA_URL = 'https://github.com/Azure/data-api-builder/releases/latest/download/dab.draft.schema.json'

/** `dab init`'s settings, already read from the command line. */
export interface InitSettings {
  readonly databaseType: string
  readonly connectionString: string
  readonly setSessionContext: boolean
  readonly hostMode: 'development' | 'production'
  readonly corsOrigins: readonly string[]
  readonly authProvider: string
  readonly audience?: string
  readonly issuer?: string
  readonly restPath: string
  readonly graphqlPath: string
  readonly mcpPath: string
  readonly baseRoute?: string
  readonly restEnabled: boolean
  readonly graphqlEnabled: boolean
  readonly mcpEnabled: boolean
  readonly requestBodyStrict: boolean
  readonly multipleCreate?: boolean
  readonly aggregateRecordsQueryTimeout?: number
}

const EASY_AUTH = ['staticwebapps', 'appservice']
const NO_JWT_PROVIDERS = [...EASY_AUTH, 'simulator', 'unauthenticated']

/**
 * The config `dab init` writes, key for key: data source (`set-session-context` for SQL Server), REST, GraphQL and
 * MCP endpoints, host (CORS, authentication, mode), the OpenTelemetry section reading the standard `OTEL_*`
 * variables, and empty `autoentities` and `entities`. Throws `CliError` with DAB's message for invalid combinations;
 * `warn` receives DAB's warnings.
 */
export function buildInitConfig(settings: InitSettings, warn: (message: string) => void): JsonObject {
  const provider = settings.authProvider.toLowerCase()
  if (NO_JWT_PROVIDERS.includes(provider)) {
    if (settings.audience || settings.issuer)
      warn("Audience and Issuer can't be set for EasyAuth, Simulator, or Unauthenticated authentication.")
  } else if (!settings.audience || !settings.issuer) {
    throw new CliError(
      'Authentication providers other than EasyAuth, Simulator, and Unauthenticated require both Audience and Issuer.',
    )
  }
  const restPath = checkedPath('REST path', settings.restPath)
  const graphqlPath = checkedPath('GraphQL path', settings.graphqlPath)
  const mcpPath = checkedPath('MCP path', settings.mcpPath)
  const baseRoute = settings.baseRoute === undefined ? undefined : checkedPath('Runtime base-route', settings.baseRoute)
  if (baseRoute !== undefined && provider !== 'staticwebapps') {
    throw new CliError('Runtime base-route can only be specified when the authentication provider is Static Web Apps.')
  }
  if (!settings.restEnabled && !settings.graphqlEnabled && !settings.mcpEnabled) {
    throw new CliError('At least one of REST, GraphQL, or MCP must be enabled.')
  }
  const usesSessionContext = settings.databaseType === 'mssql' || settings.databaseType === 'dwsql'
  const graphql: JsonObject = { enabled: settings.graphqlEnabled, path: graphqlPath, 'allow-introspection': true }
  if (settings.multipleCreate !== undefined)
    graphql['multiple-mutations'] = { create: { enabled: settings.multipleCreate } }
  const mcp: JsonObject = { enabled: settings.mcpEnabled, path: mcpPath }
  if (settings.aggregateRecordsQueryTimeout !== undefined) {
    mcp['dml-tools'] = { 'aggregate-records': { 'query-timeout': settings.aggregateRecordsQueryTimeout } }
  }
  const authentication: JsonObject = { provider: settings.authProvider }
  if (settings.audience !== undefined || settings.issuer !== undefined) {
    authentication['jwt'] = {
      ...(settings.audience === undefined ? {} : { audience: settings.audience }),
      ...(settings.issuer === undefined ? {} : { issuer: settings.issuer }),
    }
  }
  return {
    $schema: DAB_SCHEMA_URL,
    'data-source': {
      'database-type': settings.databaseType,
      'connection-string': settings.connectionString,
      options: usesSessionContext ? { 'set-session-context': settings.setSessionContext } : {},
    },
    runtime: {
      rest: { enabled: settings.restEnabled, path: restPath, 'request-body-strict': settings.requestBodyStrict },
      graphql,
      mcp,
      host: {
        cors: { origins: [...settings.corsOrigins], 'allow-credentials': false },
        authentication,
        mode: settings.hostMode,
      },
      ...(baseRoute === undefined ? {} : { 'base-route': baseRoute }),
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
  }
}

function checkedPath(what: string, path: string): string {
  const prefixed = withLeadingSlash(path)
  const problem = findUriPathProblem(prefixed)
  if (problem !== undefined) throw new CliError(`${what} ${problem}`)
  return prefixed
}
