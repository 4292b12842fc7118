/**
 * `@sluice/core/dialect` — the SPI a dialect plugin is written against: the driver, the SQL compiler and its base
 * pieces, the introspector, capabilities, the plans core hands to `compile`, the metadata the introspector returns
 * and the database-error classification. A dialect never sees HTTP: nothing here names a protocol. Each export's
 * contract is documented at its declaration; docs/architecture.md walks through writing a dialect.
 */

// ── The plugin and its parts ────────────────────────────────────────────────────────────────────────────────
export type { Dialect, DialectContext, DialectPlugin, DriverLimits } from './dialect/dialect.js'
export type {
  Connection,
  CompiledQuery,
  Driver,
  ExecuteOptions,
  QueryResult,
  TransactionOptions,
} from './dialect/driver.js'
export type { Abortable } from './dialect/abortable.js'
export { onAbort } from './dialect/on-abort.js'
export type { CompiledSql, SqlCompiler } from './dialect/sql-compiler.js'
export { BaseSqlCompiler, ParameterSink } from './dialect/base-sql-compiler.js'
export { JsonObjectSqlCompiler } from './dialect/json-object-sql-compiler.js'
export type { Introspector } from './dialect/introspector.js'
export { DEFAULT_CAPABILITIES } from './dialect/dialect-capabilities.js'
export type { DialectCapabilities } from './dialect/dialect-capabilities.js'
export type { SluicePlugin } from './plugin/sluice-plugin.js'
export type { PluginRegistry } from './plugin/plugin-registry.js'
export { CORE_VERSION } from './plugin/core-version.js'

// ── Connecting ──────────────────────────────────────────────────────────────────────────────────────────────
export { parseConnectionString, redactConnectionString } from './config/connection-string.js'
export type { ConnectionSettings } from './config/connection-settings.js'
export type { DataSourceConfig } from './config/runtime-config.js'
export type { Logger } from './request/logger.js'

// ── Metadata the introspector returns ───────────────────────────────────────────────────────────────────────
export { qualifiedKey, formatQualifiedName } from './model/database-metadata.js'
export type {
  ColumnMetadata,
  DatabaseMetadata,
  ForeignKeyMetadata,
  ObjectMetadata,
  ParameterMetadata,
  QualifiedName,
  RoutineMetadata,
  SourceObject,
  TableListing,
} from './model/database-metadata.js'
export type { ColumnStatistics, DatabaseStatistics, ObjectStatistics } from './model/object-statistics.js'
export { SCALAR_TYPES, hasExactJsonForm, isNumericType, isOrderedType } from './model/scalar-type.js'
export type { ScalarType } from './model/scalar-type.js'

// ── Plans the compiler renders ──────────────────────────────────────────────────────────────────────────────
export type { ExecutionPlan, PlanKind, PlanVisitor, QueryPlan, UpdateOrInsertPlan } from './plan/query-plan.js'
export { visitPlan } from './plan/query-plan.js'
export type {
  DefaultValue,
  DeletePlan,
  InsertGuard,
  InsertPlan,
  ReturnedRecord,
  RowImage,
  UpdatePlan,
  UpsertPlan,
  WriteValue,
} from './plan/write-plan.js'
export type {
  CountPlan,
  OrderTerm,
  OutputColumn,
  PageResult,
  SelectPlan,
  SingleResult,
  StreamResult,
  TableRef,
} from './plan/select-plan.js'
export type { RowSource } from './plan/table-ref.js'
export { ROW_SOURCE_NAME } from './plan/table-ref.js'
export type {
  AggregateColumn,
  AggregateHaving,
  AggregatePlan,
  NestedCursorSpec,
  NestedCursors,
  NestedPage,
  NestedSelect,
} from './plan/select-plan.js'
export type {
  AndPredicate,
  CaseFoldExpr,
  ColumnRef,
  ComparePredicate,
  ConstantPredicate,
  ExistsPredicate,
  InPredicate,
  IsNullPredicate,
  LikePredicate,
  NotPredicate,
  OrPredicate,
  ParamRef,
  PredicateKind,
  PredicateNode,
  ValueExpr,
} from './plan/predicate-node.js'
export type { PlanParameter } from './plan/plan-parameter.js'
export type { ExecuteArgument, ExecutePlan } from './plan/execute-plan.js'
export type { AggregateFunction } from './request/aggregate-request.js'
export type { ComparisonOperator, CaseFold, StringMatchMode } from './filter/filter-node.js'

// ── Errors ──────────────────────────────────────────────────────────────────────────────────────────────────
export { createDatabaseError } from './errors/database-error.js'
export type { DatabaseErrorClassification, DatabaseErrorKind } from './errors/database-error.js'
export { SluiceError, isSluiceError } from './errors/sluice-error.js'
export { invariant } from './util/invariant.js'
