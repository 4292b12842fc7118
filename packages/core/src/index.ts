/**
 * @sluice/core — composition: loading a Data API builder config, creating a Sluice (the service model and the
 * request pipeline) from plugins, dependency injection, the pipeline's stages and hooks, authentication and the
 * response cache's seams, errors. It imports no driver, no HTTP server and no GraphQL library.
 *
 * Plugin authors write against the two SPI entry points: `@sluice/core/dialect` (drivers, SQL compilers,
 * introspectors, plans) and `@sluice/core/protocol` (routes, requests, results, HTTP conventions). What is exported
 * from these three entry points is the public API, recorded in packages/core/api/*.api.md; nothing else is.
 */

// ── Configuration: loading Data API builder configs and the normalized model they produce ────────────────────
export { loadConfigFile, parseConfig } from './config/load-config.js'
export type { LoadConfigOptions, ParseConfigOptions } from './config/load-config.js'
export type { EnvironmentVariables } from './config/substitute-env.js'
export { parseConnectionString, redactConnectionString } from './config/connection-string.js'
export type { ConnectionSettings } from './config/connection-settings.js'
export type {
  ActionConfig,
  ActionName,
  AuthenticationConfig,
  AutoentityConfig,
  CacheConfig,
  CompressionLevel,
  ConfiguredAction,
  DataSourceConfig,
  EntityConfig,
  EntityGraphQLConfig,
  EntityRestConfig,
  FieldConfig,
  GraphQLRuntimeConfig,
  HealthConfig,
  HostConfig,
  HostMode,
  LimitsConfig,
  McpRuntimeConfig,
  McpToolName,
  PaginationConfig,
  ParameterConfig,
  PermissionConfig,
  RelationshipConfig,
  FileLogConfig,
  OpenTelemetryConfig,
  RestMethod,
  RestRuntimeConfig,
  RuntimeConfig,
  RuntimeSection,
  SourceConfig,
  SourceType,
  SubscriptionsConfig,
  EntitySubscriptionConfig,
  ChangeKind,
  TelemetryConfig,
} from './config/runtime-config.js'

// ── Service model: config joined with database metadata ─────────────────────────────────────────────────────
export { buildServiceModel } from './model/build-service-model.js'
export { formatQualifiedName, qualifiedKey } from './model/database-metadata.js'
export type { DatabaseMetadata, QualifiedName } from './model/database-metadata.js'
/** The catalog statistics an introspector may report (`Introspector.readStatistics`), which bound read-cost estimates. */
export type { ColumnStatistics, DatabaseStatistics, ObjectStatistics } from './model/object-statistics.js'
export type {
  ActionPermission,
  EntityModel,
  EntityRestModel,
  FieldModel,
  PermissionTable,
  ServiceModel,
} from './model/service-model.js'
export type { ParameterModel, ProcedureModel } from './model/procedure-model.js'
export type { LinkingModel, RelationshipCardinality, RelationshipModel } from './model/relationship-model.js'
/** Data API builder's default English plural of a GraphQL type name (its Humanizer rules for common words). */
export { pluralize } from './model/pluralize.js'

// ── Plugins, DI and boot ────────────────────────────────────────────────────────────────────────────────────
export type { SluicePlugin } from './plugin/sluice-plugin.js'
export type { PluginRegistry } from './plugin/plugin-registry.js'
export { CORE_VERSION } from './plugin/core-version.js'
export type { DialectPlugin } from './dialect/dialect.js'
export type { Driver } from './dialect/driver.js'
export type { Introspector } from './dialect/introspector.js'
export type {
  ProtocolPlugin,
  ProtocolSocket,
  RouteDefinition,
  SocketRouteDefinition,
} from './protocol/protocol-plugin.js'
export type { HttpMethod, HttpRequest, HttpResponse } from './protocol/http.js'
export { singleHeader } from './protocol/http.js'
export { SluiceContainer, inject, injectable } from './di/container.js'
export type { Constructor, Provider } from './di/container.js'
export { OptionalTokens, Tokens } from './di/tokens.js'

// ── Live data: a change feed shared by instances is a plugin's (`OptionalTokens.ChangeFeed`) ──────────────────────
export type { ChangeEvent } from './live/change-event.js'
export type { ChangeFeed, ChangeListener } from './live/change-feed.js'
export { LocalChangeFeed } from './live/change-feed.js'
export type { Delivery, SubscribeRequest, Subscription, SubscriptionHub } from './live/subscription-hub.js'
export { createToken } from './di/token.js'
export type { Token } from './di/token.js'
export { createSluice } from './boot/create-sluice.js'
export type { CreateSluiceOptions, Sluice } from './boot/create-sluice.js'
/** The per-request context a host builds (principal, X-MS-API-ROLE rules, query-cost budget) and the error envelope. */
export {
  createRequestContext,
  resolveRequestContext,
  type RequestContextOptions,
} from './boot/create-request-context.js'
export { encodeErrorEnvelope } from './protocol/encode-error-envelope.js'
export type { OperationKind, OperationRequest } from './request/operation-request.js'
export { ANONYMOUS_PRINCIPAL } from './request/request-context.js'
export type { Principal, RequestContext } from './request/request-context.js'
export { RequestBudget } from './request/request-budget.js'
export { Filter } from './filter/filter-node.js'
export type { FilterNode } from './filter/filter-node.js'
export { silentLogger } from './request/logger.js'
export type { Logger } from './request/logger.js'

// ── Pipeline: parse → authorize → field-filter → plan → execute → shape ─────────────────────────────────────
export { Pipeline } from './pipeline/pipeline.js'
export type { PreparedOperation } from './pipeline/prepared-operation.js'
export type {
  AfterObserve,
  AfterReplace,
  ObserveEvent,
  PipelineHooks,
  ReplaceEvent,
  StageObserver,
} from './pipeline/pipeline-hooks.js'
export type {
  AuthorizeStage,
  Executed,
  ExecuteStage,
  FieldFilterStage,
  ParseStage,
  PlanStage,
  ShapeStage,
  Stage,
} from './pipeline/stage.js'
export type { KeyPart, OperationResult, ReadResult, ReadStream, WriteResult } from './pipeline/operation-result.js'
export type {
  PageResultSet,
  ResultSet,
  SingleResultSet,
  StreamEnd,
  StreamResultSet,
  WriteResultSet,
} from './pipeline/result-set.js'
export type {
  AggregateReadRequest,
  BoundOrderTerm,
  BoundRequestBase,
  BoundWrite,
  ExecuteRequest,
  FieldValue,
  KeyReadRequest,
  KeyValue,
  ListReadRequest,
  ParsedRequest,
  ParseOutcome,
  ReadRequest,
  UnboundRequest,
  WriteMode,
  WriteRequest,
} from './request/parsed-request.js'
export { isAuthorizedAs, isAuthorizedRead } from './request/authorized-request.js'
export type { AuthorizedRequest, Grant } from './request/authorized-request.js'
export type { BoundFilter, BoundRelatedFilter } from './request/bound-filter.js'
export type { AuthorizedRelation, BoundRelation } from './request/bound-relation.js'
export type { BoundAggregate, BoundAggregation } from './request/bound-aggregate.js'
export type { BoundParameter } from './request/bind-parameters.js'
export type { MultipleCreate, MultipleCreateSteps } from './pipeline/multiple-create.js'
/** What the default stages are injected with (`Tokens.DataSources`, `Tokens.CursorCodec`), for stages that replace them. */
export type { DataSourceRegistry, DataSourceRuntime } from './dialect/data-source-registry.js'
export type { CursorCodec, CursorDecodeResult, CursorOrderTerm } from './request/cursor-codec.js'
export type { ExecutionPlan } from './plan/query-plan.js'
export { DefaultParseStage } from './pipeline/default-parse-stage.js'
export { DefaultAuthorizeStage } from './pipeline/default-authorize-stage.js'
export { DefaultFieldFilterStage } from './pipeline/default-field-filter-stage.js'
export { DefaultPlanStage } from './pipeline/default-plan-stage.js'
export { DefaultExecuteStage } from './pipeline/default-execute-stage.js'
export { DefaultShapeStage } from './pipeline/default-shape-stage.js'

// ── Authentication seam ─────────────────────────────────────────────────────────────────────────────────────
export type { AuthenticationProvider } from './auth/authentication-provider.js'
export { ROLE_HEADER, resolveRole } from './auth/resolve-role.js'
export { anonymousAuthentication, developmentRoleAuthentication } from './auth/builtin-authentication-providers.js'

// ── Response cache (runtime.cache) ──────────────────────────────────────────────────────────────────────────
/** The SPI of the cache's shared level and backplane, for plugins that supply one (Redis: @sluice/plugin-cache-redis). */
export type { SharedCacheStore, SharedStamp } from './cache/shared-cache-store.js'
/** The request's Cache-Control directives the cache honours (`no-cache`, `no-store`, `only-if-cached`). */
export { parseCacheControl, type CacheDirectives } from './cache/parse-cache-control.js'

// ── Errors ──────────────────────────────────────────────────────────────────────────────────────────────────
export { SluiceError, formatTemplate, isSluiceError } from './errors/sluice-error.js'
export type { ErrorParams, SluiceErrorOptions } from './errors/sluice-error.js'
export { ErrorCodes } from './errors/error-codes.js'
export type { ErrorCode, ErrorCodeDefinition } from './errors/error-codes.js'
export { invariant } from './util/invariant.js'
