/**
 * The configuration after loading: Data API builder's JSON keys, with every shorthand expanded
 * (`"source": "books"`, `"rest": false`, `"actions": "*"`, `mappings`, `key-fields` …), every `@env()` resolved and
 * every default applied. Everything downstream reads this shape, never the raw JSON.
 */
export type HostMode = 'development' | 'production'
export type SourceType = 'table' | 'view' | 'stored-procedure'
/** Permission actions as written in config. `*` is expanded per source type by the service model. */
export type ActionName = 'create' | 'read' | 'update' | 'delete' | 'execute'
export type ConfiguredAction = ActionName | '*'
export type CompressionLevel = 'optimal' | 'fastest' | 'none'
export type RestMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type McpToolName =
  | 'describe-entities' | 'create-record' | 'read-records' | 'update-record' | 'delete-record' | 'execute-entity' | 'aggregate-records'

export interface RuntimeConfig {
  /** Absolute path of the file the config came from (undefined for configs built in code). */
  readonly file: string | undefined
  /** Directory relative paths in the config resolve against. */
  readonly baseDir: string
  /**
   * The default data source: this file's `data-source`, or (for a root config with only `data-source-files`) the
   * first child's. Single-source configs need nothing else.
   */
  readonly dataSource: DataSourceConfig
  /**
   * Every data source by name, this file's first, then each `data-source-files` child's (depth first). A name is the
   * path of the file that declares the source, relative to this file's directory (this file: its base name).
   */
  readonly dataSources: ReadonlyMap<string, DataSourceConfig>
  readonly runtime: RuntimeSection
  /** Entities in the order the config lists them. */
  readonly entities: ReadonlyMap<string, EntityConfig>
  /** One-line notices for keys that are accepted but not implemented yet, and deprecated spellings. */
  readonly warnings: readonly string[]
}

export interface DataSourceConfig {
  /** Its key in `RuntimeConfig.dataSources`. */
  readonly name: string
  /** `database-type` as written, lower-cased: `postgresql`, `pglite`, `mysql`, `mssql`, or a third-party dialect's name. */
  readonly databaseType: string
  readonly connectionString: string
  /** `data-source.options` (dialect-specific, for example `set-session-context` or PGlite's `seed`). */
  readonly options: Readonly<Record<string, unknown>>
  readonly health: { readonly enabled: boolean; readonly name: string | undefined; readonly thresholdMs: number }
}

export interface RuntimeSection {
  readonly rest: RestRuntimeConfig
  readonly graphql: GraphQLRuntimeConfig
  readonly mcp: McpRuntimeConfig
  readonly host: HostConfig
  readonly pagination: PaginationConfig
  readonly cache: CacheConfig
  /** `undefined` when the key is absent (the compression plugin documents what it does then). */
  readonly compression: { readonly level: CompressionLevel | undefined }
  readonly health: HealthConfig
  /** Logger levels by category (`default` plus namespaces), from `runtime.telemetry.log-level`. */
  readonly logLevels: Readonly<Record<string, string>>
  readonly limits: LimitsConfig
  readonly telemetry: TelemetryConfig
  /**
   * `runtime.base-route`: the path a Static Web Apps front end serves this API under (`/data-api`). Routes do not
   * change (the front end strips it); links this server writes — `nextLink`, `Location`, OpenAPI's server — gain it.
   */
  readonly baseRoute: string | undefined
}

/** `runtime.telemetry` sinks. `log-level` is `RuntimeSection.logLevels`. */
export interface TelemetryConfig {
  /** `undefined` when `open-telemetry` is absent. The Azure and file sinks are warned about at load and ignored. */
  readonly openTelemetry: OpenTelemetryConfig | undefined
  /** `runtime.telemetry.file`: rolling log files beside stdout; `undefined` when absent. */
  readonly file: FileLogConfig | undefined
}

/** Data API builder's file sink (Serilog's rolling file), with its defaults. */
export interface FileLogConfig {
  readonly enabled: boolean
  /** As written (`logs\\dab-log.txt` by default); the server resolves it against the config's folder. */
  readonly path: string
  readonly rollingInterval: 'Minute' | 'Hour' | 'Day' | 'Month' | 'Year' | 'Infinite'
  readonly retainedFileCountLimit: number
  readonly fileSizeLimitBytes: number
}

export interface OpenTelemetryConfig {
  readonly enabled: boolean
  /** As written (after `@env()`); the server checks that it is an absolute http(s) URL. */
  readonly endpoint: string
  /** `key1=value1,key2=value2` (OTLP's header format), as written. */
  readonly headers: string | undefined
  readonly serviceName: string
  readonly exporterProtocol: 'grpc' | 'httpprotobuf'
}

/** `runtime.limits` (Sluice's own): what bounds the work one request can cause. `null` = no bound. */
export interface LimitsConfig {
  /** Most rows a read may build, nested rows included, estimated from page sizes before any SQL runs. */
  readonly maxQueryCost: number | null
  /** Longest a statement may run before the database cancels it. */
  readonly statementTimeoutSeconds: number | null
  /** Longest a request waits for a pooled connection before it is refused (503 with Retry-After). */
  readonly poolAcquireTimeoutMs: number
  /** How long `sluice start` keeps retrying a database it cannot reach at start-up (answering 503 meanwhile). */
  readonly startupRetrySeconds: number
}

export interface RestRuntimeConfig {
  readonly enabled: boolean
  /** Always starts with `/`, never ends with `/` (for example `/api`). */
  readonly path: string
  readonly requestBodyStrict: boolean
}

export interface GraphQLRuntimeConfig {
  readonly enabled: boolean
  readonly path: string
  readonly allowIntrospection: boolean
  /** `null` = unlimited. */
  readonly depthLimit: number | null
  readonly enableAggregation: boolean
  readonly multipleCreate: boolean
}

export interface McpRuntimeConfig {
  readonly enabled: boolean
  readonly path: string
  readonly description: string | undefined
  readonly allowedHosts: readonly string[]
  readonly dmlTools: Readonly<Record<McpToolName, { readonly enabled: boolean; readonly queryTimeoutSeconds: number }>>
}

export interface HostConfig {
  readonly mode: HostMode
  /** `null` = the engine limit. */
  readonly maxResponseSizeMb: number | null
  readonly cors: { readonly origins: readonly string[]; readonly allowCredentials: boolean }
  /** `undefined` when `authentication` is absent from the config (the auth plugin documents what it does then). */
  readonly authentication: AuthenticationConfig | undefined
}

export interface AuthenticationConfig {
  /** As written (`StaticWebApps`, `AppService`, `EntraID`, `AzureAD`, `Custom`, `Simulator`, `Unauthenticated`, …); `undefined` when omitted. */
  readonly provider: string | undefined
  readonly jwt: { readonly audience: string | undefined; readonly issuer: string | undefined } | undefined
  /** Every key of the `authentication` object as written, for provider plugins that read extension keys. */
  readonly raw: Readonly<Record<string, unknown>>
}

export interface PaginationConfig {
  readonly defaultPageSize: number
  readonly maxPageSize: number
  readonly nextLinkRelative: boolean
}

export interface CacheConfig {
  readonly enabled: boolean
  readonly ttlSeconds: number
  readonly level2: { readonly enabled: boolean; readonly provider: string; readonly connectionString: string | undefined; readonly partition: string | undefined }
}

export interface HealthConfig {
  readonly enabled: boolean
  /** `undefined` when absent: then only development mode may call `/health`. */
  readonly roles: readonly string[] | undefined
  readonly cacheTtlSeconds: number
  readonly maxQueryParallelism: number
}

export interface EntityConfig {
  readonly name: string
  /** The data source (`RuntimeConfig.dataSources` key) of the file that defines the entity. */
  readonly dataSource: string
  readonly description: string | undefined
  readonly source: SourceConfig
  /** From `fields`, or converted from the deprecated `mappings` / `source.key-fields`. */
  readonly fields: readonly FieldConfig[]
  readonly rest: EntityRestConfig
  readonly graphql: EntityGraphQLConfig
  readonly permissions: readonly PermissionConfig[]
  readonly relationships: ReadonlyMap<string, RelationshipConfig>
  readonly cache: { readonly enabled: boolean | undefined; readonly ttlSeconds: number | undefined; readonly level: 'L1' | 'L1L2' | undefined }
  readonly mcp: { readonly dmlTools: boolean; readonly customTool: boolean }
  readonly health: { readonly enabled: boolean; readonly first: number; readonly thresholdMs: number }
}

export interface SourceConfig {
  /** The database object as written (`books`, `dbo.books`, `"My Schema"."My Table"`, `[dbo].[books]`). */
  readonly object: string
  readonly type: SourceType
  readonly parameters: readonly ParameterConfig[]
}

export interface ParameterConfig {
  readonly name: string
  readonly required: boolean
  /** The default as written in config (a string, number, boolean or null); `undefined` when none. */
  readonly default: string | number | boolean | null | undefined
  readonly description: string | undefined
}

export interface FieldConfig {
  /** Database column name. */
  readonly name: string
  /** API-level name; `undefined` means the column name is the API name. */
  readonly alias: string | undefined
  readonly description: string | undefined
  readonly primaryKey: boolean
}

export interface EntityRestConfig {
  readonly enabled: boolean
  /** Custom path segment(s) without leading or trailing `/`; `undefined` means the entity name. */
  readonly path: string | undefined
  /** Stored procedures only; `undefined` means the default (POST only). */
  readonly methods: readonly RestMethod[] | undefined
}

export interface EntityGraphQLConfig {
  readonly enabled: boolean
  readonly singular: string | undefined
  readonly plural: string | undefined
  /** Stored procedures only; `undefined` means the default (`mutation`). */
  readonly operation: 'query' | 'mutation' | undefined
}

export interface PermissionConfig {
  readonly role: string
  readonly actions: readonly ActionConfig[]
}

export interface ActionConfig {
  readonly action: ConfiguredAction
  /** `undefined` = no restriction (include `*`, exclude nothing). */
  readonly fields: { readonly include: readonly string[] | undefined; readonly exclude: readonly string[] } | undefined
  /** `policy.database` expression as written. */
  readonly policy: string | undefined
}

export interface RelationshipConfig {
  readonly name: string
  readonly cardinality: 'one' | 'many'
  readonly targetEntity: string
  readonly sourceFields: readonly string[]
  readonly targetFields: readonly string[]
  readonly linkingObject: string | undefined
  readonly linkingSourceFields: readonly string[]
  readonly linkingTargetFields: readonly string[]
}
