/**
 * @sluice/core — the config model, the service model, the request pipeline and the SPIs dialect and protocol
 * plugins are written against. It imports no driver, no HTTP server and no GraphQL library. Each export's contract
 * is documented at its declaration.
 */

// ── Configuration: loading Data API builder configs and the normalized model they produce ────────────────────
export { loadConfigFile, parseConfig } from './config/load-config.js'
export { parseConnectionString, redactConnectionString } from './config/connection-string.js'
export type { ConnectionSettings } from './config/connection-settings.js'
export type {
  ActionConfig, ActionName, AuthenticationConfig, AutoentityConfig, CacheConfig, CompressionLevel, ConfiguredAction, DataSourceConfig,
  EntityConfig, EntityGraphQLConfig, EntityRestConfig, FieldConfig, GraphQLRuntimeConfig, HealthConfig, HostConfig,
  HostMode, McpRuntimeConfig, McpToolName, PaginationConfig, ParameterConfig, PermissionConfig, RelationshipConfig,
  FileLogConfig, OpenTelemetryConfig, RestMethod, RestRuntimeConfig, RuntimeConfig, RuntimeSection, SourceConfig, SourceType,
  TelemetryConfig,
} from './config/runtime-config.js'

// ── Service model: config joined with database metadata ─────────────────────────────────────────────────────
export { buildServiceModel, listSourceObjects } from './model/build-service-model.js'
export { parseObjectName } from './model/parse-object-name.js'
/** Data API builder's default English plural of a GraphQL type name (its Humanizer rules for common words). */
export { pluralize } from './model/pluralize.js'
export { qualifiedKey, formatQualifiedName } from './model/database-metadata.js'
export type {
  ColumnMetadata, DatabaseMetadata, ForeignKeyMetadata, ObjectMetadata, ParameterMetadata, QualifiedName, RoutineMetadata, SourceObject,
  TableListing,
} from './model/database-metadata.js'
export { SCALAR_TYPES, hasExactJsonForm, isNumericType, isOrderedType } from './model/scalar-type.js'
export type { ScalarType } from './model/scalar-type.js'
export type { ActionPermission, EntityModel, EntityRestModel, FieldModel, PermissionTable, ServiceModel } from './model/service-model.js'
export type { ParameterModel, ProcedureModel } from './model/procedure-model.js'

// ── Requests: the protocol-neutral request, filters, context ────────────────────────────────────────────────
export type { OperationKind, OperationRequest, OrderByItem } from './request/operation-request.js'
export type { RelationSelection } from './request/operation-request.js'
export type { AggregateFunction, AggregateRequest, AggregationItem, HavingCondition } from './request/aggregate-request.js'
export type { LinkingModel, RelationshipCardinality, RelationshipModel } from './model/relationship-model.js'
export { Filter, collectFilterFields, operandField } from './filter/filter-node.js'
export type {
  AndFilter, CaseFold, CaseFoldOperand, CaseFolds, ClaimOperand, ComparisonFilter, ComparisonOperator, ConstantFilter, FieldOperand,
  FilterKind, FilterNode, FilterOperand, InFilter, IsNullFilter, LiteralOperand, NotFilter, OrFilter, StringMatchFilter,
  StringMatchMode, RelatedFilter,
} from './filter/filter-node.js'
/** The most values all `in` lists of one filter may hold together (every protocol; a 400 beyond). */
export { MAX_IN_VALUES } from './request/bind-filter.js'
export { parseFilterExpression } from './filter/filter-expression/parse-filter-expression.js'
export type { FilterParseResult } from './filter/filter-expression/parse-filter-expression.js'
export { printFilterExpression } from './filter/filter-expression/print-filter-expression.js'
/** OData's `$expand` (REST, MCP): relationships with nested `$select;$filter;$orderby;$first;$after;$count;$expand`. */
export { parseExpandExpression, EXPAND_OPTIONS, ExpandLimits } from './request/odata/parse-expand-expression.js'
/** Relationship selections written back as `$expand` text (links that continue an expanded list). */
export { printExpandExpression } from './request/odata/print-expand-expression.js'
/** The query-option texts REST and MCP share: `$select`, `$orderby`, `$first`, `$count` (each throws a coded 400). */
export { parseSelectText } from './request/odata/parse-select-text.js'
export { parseOrderByText } from './request/odata/parse-order-by-text.js'
export { parseFirstText } from './request/odata/parse-first-text.js'
export { parseCountText } from './request/odata/parse-count-text.js'
export { REST_TERMS } from './request/request-terms.js'
export type { RequestTerms } from './request/request-terms.js'
export { ANONYMOUS_PRINCIPAL } from './request/request-context.js'
export type { Principal, RequestContext } from './request/request-context.js'
export { silentLogger } from './request/logger.js'
export type { Logger } from './request/logger.js'
export { CursorCodec } from './request/cursor-codec.js'
export type { BoundFilter } from './request/bound-filter.js'
export type {
  AuthorizedRequest, BoundOrderTerm, BoundWrite, FieldValue, KeyValue, ParsedRequest, ScopedRequest, WriteMode,
} from './request/parsed-request.js'
export type { RequestRule } from './request/rules/request-rule.js'
export { specifiedRequestRules } from './request/rules/specified-request-rules.js'

// ── Plans: what dialects compile ────────────────────────────────────────────────────────────────────────────
export type { ExecutionPlan, PlanKind, PlanVisitor, QueryPlan, UpdateOrInsertPlan } from './plan/query-plan.js'
export type { DefaultValue, DeletePlan, InsertGuard, InsertPlan, ReturnedRecord, UpdatePlan, UpsertPlan, WriteValue } from './plan/write-plan.js'
export { visitPlan } from './plan/query-plan.js'
export type { OrderTerm, OutputColumn, PageResult, SelectPlan, SingleResult, StreamResult, TableRef } from './plan/select-plan.js'
export type {
  AggregateColumn, AggregateHaving, AggregatePlan, NestedCursorSpec, NestedCursors, NestedPage, NestedSelect,
} from './plan/select-plan.js'
export type { ExistsPredicate } from './plan/predicate-node.js'
export type {
  AndPredicate, ColumnRef, ComparePredicate, ConstantPredicate, InPredicate, IsNullPredicate, LikePredicate, NotPredicate,
  OrPredicate, ParamRef, PredicateKind, PredicateNode, ValueExpr, CaseFoldExpr,
} from './plan/predicate-node.js'
export type { PlanParameter } from './plan/plan-parameter.js'
export type { ExecuteArgument, ExecutePlan } from './plan/execute-plan.js'

// ── Dialect SPI ─────────────────────────────────────────────────────────────────────────────────────────────
export type { Dialect, DialectContext, DialectPlugin, DriverLimits } from './dialect/dialect.js'
export { DataSourceRegistry, type DataSourceRuntime } from './dialect/data-source-registry.js'
export type { Connection, CompiledQuery, Driver, ExecuteOptions, QueryResult, TransactionOptions } from './dialect/driver.js'
export type { Abortable } from './dialect/abortable.js'
export type { CompiledSql, SqlCompiler } from './dialect/sql-compiler.js'
export type { Introspector } from './dialect/introspector.js'
export { DEFAULT_CAPABILITIES } from './dialect/dialect-capabilities.js'
export type { DialectCapabilities } from './dialect/dialect-capabilities.js'
export { BaseSqlCompiler, ParameterSink } from './dialect/base-sql-compiler.js'

// ── Protocol SPI ────────────────────────────────────────────────────────────────────────────────────────────
export type { ErrorContext, ProtocolHost, ProtocolPlugin, RouteDefinition } from './protocol/protocol-plugin.js'
export type { HttpBody, HttpMethod, HttpRequest, HttpResponse } from './protocol/http.js'
export { singleHeader } from './protocol/http.js'
export { encodeErrorEnvelope } from './protocol/encode-error-envelope.js'
/**
 * Expanded records as REST and MCP answer them: each `many` connection object becomes its array of items (with
 * `<name>@count` and the caller's "more" members), hidden link keys dropped; numbers keep every digit.
 */
export { reshapeExpandedArray, reshapeExpandedRecord, isPlainLevel } from './protocol/reshape-expanded-json.js'
export type { ExpandedLevel, ExpandedRelation, MoreMembers, RecordMember } from './protocol/reshape-expanded-json.js'
export { createRequestContext, type RequestContextOptions } from './boot/create-request-context.js'
export type { ResponseEncoder, ResponseEncoderPlugin } from './protocol/response-encoder.js'

// ── Authentication seam ─────────────────────────────────────────────────────────────────────────────────────
export type { AuthenticationProvider } from './auth/authentication-provider.js'
export { ROLE_HEADER, resolveRole } from './auth/resolve-role.js'
export { anonymousAuthentication, developmentRoleAuthentication } from './auth/builtin-authentication-providers.js'

// ── Pipeline ────────────────────────────────────────────────────────────────────────────────────────────────
export { Pipeline } from './pipeline/pipeline.js'
export type { AfterObserve, AfterReplace, ObserveEvent, PipelineHooks, ReplaceEvent, StageObserver } from './pipeline/pipeline-hooks.js'
export type {
  AuthorizeStage, Executed, ExecuteStage, FieldFilterStage, ParseStage, PlanStage, ShapeStage, Stage,
} from './pipeline/stage.js'
export type { KeyPart, OperationResult, ReadResult, ReadStream, WriteResult } from './pipeline/operation-result.js'
export type { PageResultSet, ResultSet, SingleResultSet, StreamEnd, StreamResultSet, WriteResultSet } from './pipeline/result-set.js'
export { DefaultParseStage } from './pipeline/default-parse-stage.js'
export { DefaultAuthorizeStage } from './pipeline/default-authorize-stage.js'
export { DefaultFieldFilterStage } from './pipeline/default-field-filter-stage.js'
export { DefaultPlanStage } from './pipeline/default-plan-stage.js'
export { DefaultExecuteStage } from './pipeline/default-execute-stage.js'
export { DefaultShapeStage } from './pipeline/default-shape-stage.js'

// ── Response cache (runtime.cache) ──────────────────────────────────────────────────────────────────────────
/** The SPI of the cache's shared level and backplane, for plugins that supply one (Redis: @sluice/plugin-cache-redis). */
export type { SharedCacheStore, SharedStamp } from './cache/shared-cache-store.js'
/** The request's Cache-Control directives the cache honours (`no-cache`, `no-store`, `only-if-cached`). */
export { parseCacheControl, type CacheDirectives } from './cache/parse-cache-control.js'

// ── Plugins, DI and boot ────────────────────────────────────────────────────────────────────────────────────
export type { SluicePlugin } from './plugin/sluice-plugin.js'
export type { PluginRegistry } from './plugin/plugin-registry.js'
export { CORE_VERSION } from './plugin/core-version.js'
export { SluiceContainer, inject, injectable } from './di/container.js'
export type { Constructor, Provider } from './di/container.js'
export { OptionalTokens, Tokens } from './di/tokens.js'
export { createToken } from './di/token.js'
export type { Token } from './di/token.js'
export { createSluice } from './boot/create-sluice.js'
export type { CreateSluiceOptions, Sluice } from './boot/create-sluice.js'

// ── Errors ──────────────────────────────────────────────────────────────────────────────────────────────────
export { SluiceError, formatTemplate, isSluiceError } from './errors/sluice-error.js'
export type { ErrorParams, SluiceErrorOptions } from './errors/sluice-error.js'
export { ErrorCodes } from './errors/error-codes.js'
export type { ErrorCode, ErrorCodeDefinition } from './errors/error-codes.js'
export { createDatabaseError } from './errors/database-error.js'
export type { DatabaseErrorClassification, DatabaseErrorKind } from './errors/database-error.js'
export { invariant } from './util/invariant.js'
/** A short rendering of a client-supplied value for error messages, safe for values nested arbitrarily deep. */
export { describeValue } from './util/describe-value.js'
/** Whether a JSON-like value nests deeper than a limit, checked without recursion (for hostile input). */
export { exceedsDepth } from './util/exceeds-depth.js'
