import type {
  HostConfig,
  LimitsConfig,
  SubscriptionsConfig,
  McpRuntimeConfig,
  McpToolName,
  PaginationConfig,
  RuntimeSection,
  TelemetryConfig,
} from './runtime-config.js'
import { LOG_LEVELS, MCP_TOOL_NAMES } from './config-schema.js'
import {
  isJsonObject,
  parseBooleanLike,
  parseIntegerLike,
  parseWord,
  readBoolean,
  readInteger,
  readObject,
  readString,
  readStringArray,
} from './read-config-value.js'

const INT32_MAX = 2147483647
/** Rows a read may build by default: a whole `$first=-1` page (100,000) with a to-one relationship or two. */
export const DEFAULT_MAX_QUERY_COST = 250_000
/** Statements per request: far above any document a client writes by hand, far below a generated bomb. */
export const DEFAULT_MAX_STATEMENTS_PER_REQUEST = 200
/** Data API builder's drivers default to a 30 s command timeout. */
const DEFAULT_STATEMENT_TIMEOUT_SECONDS = 30
const DEFAULT_POOL_ACQUIRE_TIMEOUT_MS = 5_000
/** A serverless database waking from zero takes tens of seconds. */
const DEFAULT_STARTUP_RETRY_SECONDS = 60
const DEFAULT_QUERY_TIMEOUT_SECONDS = 30

/**
 * `runtime` (and the host section, from `runtime.host` or the top-level `host`) → `RuntimeSection`, with
 * SPEC's defaults first and Data API builder's engine defaults otherwise (dab.md §1.1).
 */
export function normalizeRuntime(runtime: unknown, host: unknown): RuntimeSection {
  const rest = readObject(runtime, 'rest')
  const graphql = readObject(runtime, 'graphql')
  const cache = readObject(runtime, 'cache')
  const level2 = readObject(cache, 'level-2')
  const health = readObject(runtime, 'health')
  const depthLimit = readNullableInteger(graphql?.['depth-limit'])
  return {
    rest: {
      enabled: readBoolean(rest, 'enabled', true),
      path: normalizeEndpointPath(readString(rest, 'path') ?? '/api'),
      requestBodyStrict: readBoolean(rest, 'request-body-strict', true),
    },
    graphql: {
      enabled: readBoolean(graphql, 'enabled', true),
      path: normalizeEndpointPath(readString(graphql, 'path') ?? '/graphql'),
      allowIntrospection: readBoolean(graphql, 'allow-introspection', true),
      depthLimit: depthLimit === -1 ? null : depthLimit,
      enableAggregation: readBoolean(graphql, 'enable-aggregation', true),
      multipleCreate: readBoolean(readObject(readObject(graphql, 'multiple-mutations'), 'create'), 'enabled', false),
    },
    mcp: normalizeMcp(readObject(runtime, 'mcp')),
    baseRoute: readBaseRoute(runtime),
    host: normalizeHost(host),
    pagination: normalizePagination(readObject(runtime, 'pagination')),
    cache: {
      enabled: readBoolean(cache, 'enabled', false),
      ttlSeconds: readInteger(cache, 'ttl-seconds', 5),
      level2: {
        enabled: readBoolean(level2, 'enabled', false),
        provider: parseWord(level2?.['provider'], ['redis'] as const) ?? 'redis',
        connectionString: readString(level2, 'connection-string'),
        partition: readString(level2, 'partition'),
      },
    },
    compression: {
      level: parseWord(readObject(runtime, 'compression')?.['level'], ['optimal', 'fastest', 'none'] as const),
    },
    health: {
      enabled: readBoolean(health, 'enabled', true),
      roles: readStringArray(health, 'roles'),
      cacheTtlSeconds: readInteger(health, 'cache-ttl-seconds', 5),
      maxQueryParallelism: readInteger(health, 'max-query-parallelism', 4),
    },
    logLevels: normalizeLogLevels(readObject(readObject(runtime, 'telemetry'), 'log-level')),
    limits: normalizeLimits(readObject(runtime, 'limits')),
    subscriptions: normalizeSubscriptions(readObject(runtime, 'subscriptions')),
    telemetry: normalizeTelemetry(readObject(runtime, 'telemetry')),
  }
}

/** `open-telemetry` with Data API builder's defaults: enabled, service-name `dab`, protocol `grpc`. */
function normalizeTelemetry(telemetry: Record<string, unknown> | undefined): TelemetryConfig {
  const otel = readObject(telemetry, 'open-telemetry')
  const file = readObject(telemetry, 'file')
  return {
    // Data API builder's FileSinkOptions defaults.
    file:
      file === undefined
        ? undefined
        : {
            enabled: readBoolean(file, 'enabled', false),
            path: readString(file, 'path') ?? 'logs\\dab-log.txt',
            rollingInterval:
              parseWord(file['rolling-interval'], ['Minute', 'Hour', 'Day', 'Month', 'Year', 'Infinite'] as const) ??
              'Day',
            retainedFileCountLimit: readInteger(file, 'retained-file-count-limit', 1),
            fileSizeLimitBytes: readInteger(file, 'file-size-limit-bytes', 1_048_576),
          },
    openTelemetry:
      otel === undefined
        ? undefined
        : {
            enabled: readBoolean(otel, 'enabled', true),
            endpoint: readString(otel, 'endpoint') ?? '',
            headers: readString(otel, 'headers'),
            serviceName: readString(otel, 'service-name') ?? 'dab',
            exporterProtocol: parseWord(otel['exporter-protocol'], ['grpc', 'httpprotobuf'] as const) ?? 'grpc',
          },
  }
}

/** `runtime.base-route` without a trailing slash (`/` alone adds nothing); checked by `checkBaseRoute`. */
function readBaseRoute(runtime: unknown): string | undefined {
  const route = readString(runtime, 'base-route')
  if (route === undefined) return undefined
  const trimmed = route.replace(/\/+$/, '')
  return trimmed === '' ? undefined : trimmed
}

/** Starts with `/` and does not end with `/` (`api/` → `/api`); `/` alone stays `/` (and is reported). */
export function normalizeEndpointPath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`
  const trimmed = withSlash.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

function normalizeHost(host: unknown): HostConfig {
  const size = readNullableInteger(isJsonObject(host) ? host['max-response-size-mb'] : undefined)
  const cors = readObject(host, 'cors')
  const authentication = readObject(host, 'authentication')
  const jwt = readObject(authentication, 'jwt')
  return {
    mode:
      parseWord(isJsonObject(host) ? host['mode'] : undefined, ['development', 'production'] as const) ?? 'production',
    maxResponseSizeMb: size === -1 ? null : size,
    cors: {
      origins: readStringArray(cors, 'origins') ?? [],
      allowCredentials: readBoolean(cors, 'allow-credentials', false),
    },
    authentication:
      authentication === undefined
        ? undefined
        : {
            provider: readString(authentication, 'provider'),
            jwt:
              jwt === undefined
                ? undefined
                : { audience: readString(jwt, 'audience'), issuer: readString(jwt, 'issuer') },
            raw: authentication,
          },
  }
}

/** `null`/absent → 100 / 100000; `-1` → Int32.MaxValue for the maximum, the maximum for the default. */
function normalizePagination(pagination: Record<string, unknown> | undefined): PaginationConfig {
  const max = readNullableInteger(pagination?.['max-page-size']) ?? 100000
  const maxPageSize = max === -1 ? INT32_MAX : max
  const def = readNullableInteger(pagination?.['default-page-size']) ?? 100
  return {
    defaultPageSize: def === -1 ? maxPageSize : def,
    maxPageSize,
    nextLinkRelative: readBoolean(pagination, 'next-link-relative', false),
  }
}

function normalizeMcp(mcp: Record<string, unknown> | undefined): McpRuntimeConfig {
  const tools = mcp?.['dml-tools']
  const all = parseBooleanLike(tools)
  const dmlTools = Object.fromEntries(
    MCP_TOOL_NAMES.map((tool) => {
      const value = all === undefined && isJsonObject(tools) ? tools[tool] : undefined
      const flag = parseBooleanLike(value)
      return [
        tool,
        {
          enabled: all ?? flag ?? readBoolean(value, 'enabled', true),
          queryTimeoutSeconds: readInteger(value, 'query-timeout', DEFAULT_QUERY_TIMEOUT_SECONDS),
        },
      ]
    }),
  ) as Record<McpToolName, { enabled: boolean; queryTimeoutSeconds: number }>
  return {
    enabled: readBoolean(mcp, 'enabled', true),
    path: normalizeEndpointPath(readString(mcp, 'path') ?? '/mcp'),
    description: readString(mcp, 'description'),
    allowedHosts: readStringArray(mcp, 'allowed-hosts') ?? [],
    dmlTools,
  }
}

function normalizeLogLevels(logLevel: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [category, value] of Object.entries(logLevel ?? {})) {
    const level = parseWord(value, LOG_LEVELS)
    if (level !== undefined) out[category] = level
  }
  return out
}

/** An integer (or digit string), `null` for `null`/absent/invalid. */
function readNullableInteger(value: unknown): number | null {
  return parseIntegerLike(value) ?? null
}

function normalizeLimits(limits: Record<string, unknown> | undefined): LimitsConfig {
  return {
    maxQueryCost: readBound(limits, 'max-query-cost', DEFAULT_MAX_QUERY_COST),
    maxStatementsPerRequest: readBound(limits, 'max-statements-per-request', DEFAULT_MAX_STATEMENTS_PER_REQUEST),
    statementTimeoutSeconds: readBound(limits, 'statement-timeout-seconds', DEFAULT_STATEMENT_TIMEOUT_SECONDS),
    poolAcquireTimeoutMs: readInteger(limits, 'pool-acquire-timeout-ms', DEFAULT_POOL_ACQUIRE_TIMEOUT_MS),
    startupRetrySeconds: readInteger(limits, 'startup-retry-seconds', DEFAULT_STARTUP_RETRY_SECONDS),
  }
}

/** `runtime.subscriptions`, with defaults that hold 10,000 subscribers per process (docs/realtime.md). */
function normalizeSubscriptions(section: Record<string, unknown> | undefined): SubscriptionsConfig {
  return {
    maxPerConnection: readInteger(section, 'max-per-connection', 100),
    maxPerProcess: readInteger(section, 'max-per-process', 20000),
    queueSize: readInteger(section, 'queue-size', 1000),
    heartbeatSeconds: readInteger(section, 'heartbeat-seconds', 15),
  }
}

/** A limit: the default when absent; `null` (and `-1`) for none. */
function readBound(section: Record<string, unknown> | undefined, key: string, fallback: number): number | null {
  if (section === undefined || !(key in section)) return fallback
  const value = readNullableInteger(section[key])
  return value === -1 ? null : value
}
