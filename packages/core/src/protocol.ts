/**
 * `@sluice/core/protocol` — the SPI a protocol plugin is written against: routes on the host, the protocol-neutral
 * request it builds and hands to the pipeline, the results it shapes, the request-syntax parsers REST and MCP share,
 * the HTTP conventions every Sluice protocol keeps (the error envelope, the role header) and the service model it
 * publishes. A protocol never sees SQL: authorization, field filtering and row policies happen in the pipeline.
 * docs/architecture.md walks through writing a protocol.
 */

// ── The plugin, its host and HTTP ───────────────────────────────────────────────────────────────────────────
export type {
  ErrorContext,
  ProtocolHost,
  ProtocolPlugin,
  ProtocolSocket,
  RouteDefinition,
  SocketRouteDefinition,
} from './protocol/protocol-plugin.js'
// ── Live data: subscriptions a protocol opens for its clients ─────────────────────────────────────────────────────
export type { ChangeEvent } from './live/change-event.js'
export type { ChangeFeed, ChangeListener } from './live/change-feed.js'
export type { Delivery, SubscribeRequest, Subscription, SubscriptionHub } from './live/subscription-hub.js'
export type { HttpBody, HttpMethod, HttpRequest, HttpResponse } from './protocol/http.js'
export { singleHeader } from './protocol/http.js'
export { encodeErrorEnvelope } from './protocol/encode-error-envelope.js'
export {
  createRequestContext,
  resolveRequestContext,
  type RequestContextOptions,
} from './boot/create-request-context.js'
export { ROLE_HEADER, resolveRole } from './auth/resolve-role.js'
export type { ResponseEncoder, ResponseEncoderPlugin } from './protocol/response-encoder.js'
export type { SluicePlugin } from './plugin/sluice-plugin.js'
export type { PluginRegistry } from './plugin/plugin-registry.js'
export { CORE_VERSION } from './plugin/core-version.js'
export type { Pipeline } from './pipeline/pipeline.js'
export type { PreparedOperation } from './pipeline/prepared-operation.js'

// ── Requests ────────────────────────────────────────────────────────────────────────────────────────────────
export type { OperationKind, OperationRequest, OrderByItem, RelationSelection } from './request/operation-request.js'
export type {
  AggregateFunction,
  AggregateRequest,
  AggregationItem,
  HavingCondition,
} from './request/aggregate-request.js'
export { ANONYMOUS_PRINCIPAL } from './request/request-context.js'
export type { Principal, RequestContext } from './request/request-context.js'
export { RequestBudget } from './request/request-budget.js'
export { Filter, collectFilterFields, operandField } from './filter/filter-node.js'
export type {
  AndFilter,
  CaseFold,
  CaseFoldOperand,
  CaseFolds,
  ClaimOperand,
  ComparisonFilter,
  ComparisonOperator,
  ConstantFilter,
  FieldOperand,
  FilterKind,
  FilterNode,
  FilterOperand,
  InFilter,
  IsNullFilter,
  LiteralOperand,
  NotFilter,
  OrFilter,
  StringMatchFilter,
  StringMatchMode,
  RelatedFilter,
} from './filter/filter-node.js'
/** The most values all `in` lists of one filter may hold together (every protocol; a 400 beyond). */
export { MAX_IN_VALUES } from './request/bind-filter.js'
/** OData's `$filter` language (REST, MCP, policies), parsed and printed. */
export { parseFilterExpression } from './filter/filter-expression/parse-filter-expression.js'
export type {
  FilterExpressionMode,
  FilterExpressionOptions,
  FilterParseResult,
} from './filter/filter-expression/parse-filter-expression.js'
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

// ── Results ─────────────────────────────────────────────────────────────────────────────────────────────────
export type { KeyPart, OperationResult, ReadResult, ReadStream, WriteResult } from './pipeline/operation-result.js'
/** A record's or page's JSON text parsed with every number's digits kept (`19.90` stays `19.90`). */
export { parseExactJson, ExactNumber } from './protocol/parse-exact-json.js'
/**
 * Expanded records as REST and MCP answer them: each `many` connection object becomes its array of items (with
 * `<name>@count` and the caller's "more" members), hidden link keys dropped; numbers keep every digit.
 */
export { reshapeExpandedArray, reshapeExpandedRecord, isPlainLevel } from './protocol/reshape-expanded-json.js'
export type { ExpandedLevel, ExpandedRelation, MoreMembers, RecordMember } from './protocol/reshape-expanded-json.js'

// ── What the service publishes ──────────────────────────────────────────────────────────────────────────────
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
export type { ColumnMetadata, ObjectMetadata, QualifiedName } from './model/database-metadata.js'
export { qualifiedKey } from './model/database-metadata.js'
export { SCALAR_TYPES, isNumericType, isOrderedType } from './model/scalar-type.js'
export type { ScalarType } from './model/scalar-type.js'
export type { DialectCapabilities } from './dialect/dialect-capabilities.js'
export { DEFAULT_CAPABILITIES } from './dialect/dialect-capabilities.js'
export type {
  ActionName,
  ChangeKind,
  HostMode,
  McpToolName,
  RestMethod,
  RuntimeConfig,
} from './config/runtime-config.js'
/** Data API builder's default English plural of a GraphQL type name (its Humanizer rules for common words). */
export { pluralize } from './model/pluralize.js'

// ── Errors and logging ──────────────────────────────────────────────────────────────────────────────────────
export { SluiceError, isSluiceError } from './errors/sluice-error.js'
export { ErrorCodes } from './errors/error-codes.js'
export type { ErrorCode } from './errors/error-codes.js'
export { silentLogger } from './request/logger.js'
export type { Logger } from './request/logger.js'
export { invariant } from './util/invariant.js'
/** A short rendering of a client-supplied value for error messages, safe for values nested arbitrarily deep. */
export { describeValue } from './util/describe-value.js'
/** Whether a JSON-like value nests deeper than a limit, checked without recursion (for hostile input). */
export { exceedsDepth } from './util/exceeds-depth.js'
