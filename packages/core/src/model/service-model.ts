import type {
  ActionName,
  EntityConfig,
  EntityGraphQLConfig,
  RestMethod,
  RuntimeConfig,
  SourceType,
} from '../config/runtime-config.js'
import type { FilterNode } from '../filter/filter-node.js'
import type { QualifiedName } from './database-metadata.js'
import type { FieldModel } from './field-model.js'
import type { ProcedureModel } from './procedure-model.js'
import type { RelationshipModel } from './relationship-model.js'

/**
 * Config joined with database metadata, built once at start-up and frozen. Every request reads it; nothing writes
 * it. API-level names (aliases) are the only names protocols see; columns stay inside core and dialects.
 */
export interface ServiceModel {
  readonly config: RuntimeConfig
  /** Entities in config order. */
  readonly entities: ReadonlyMap<string, EntityModel>
  /** What start-up tolerated but the operator should fix (one line each, prefixed with the entity's config path). */
  readonly warnings: readonly string[]
}

export interface EntityModel {
  readonly name: string
  /** The data source it lives in (`RuntimeConfig.dataSources` key): its reads and writes go there. */
  readonly dataSource: string
  readonly kind: SourceType
  /** The database object, resolved (schema filled in). */
  readonly source: QualifiedName
  readonly description: string | undefined
  /** Every column the entity exposes, in database order. */
  readonly fields: readonly FieldModel[]
  /** By API-level name. */
  readonly fieldsByName: ReadonlyMap<string, FieldModel>
  /** Key fields in definition order (config `fields` order when marked there, else the database key order). */
  readonly keyFields: readonly FieldModel[]
  /**
   * The key columns are exactly the table's primary key or one of its unique constraints, so the database itself
   * enforces one row per key (a native upsert can target it). False for views and for keys declared only in config.
   */
  readonly keyIsUnique: boolean
  readonly rest: EntityRestModel
  readonly graphql: EntityGraphQLConfig
  readonly permissions: PermissionTable
  /**
   * Relationships by name (= GraphQL field name), in config order, resolved at start-up (join fields inferred from
   * foreign keys where config omits them). Empty for views and stored procedures.
   */
  readonly relationships: ReadonlyMap<string, RelationshipModel>
  /** Set when `source.type` is `stored-procedure`: its parameters and result columns. */
  readonly procedure?: ProcedureModel | undefined
  readonly config: EntityConfig
}

export type { FieldModel } from './field-model.js'

export interface EntityRestModel {
  readonly enabled: boolean
  /** Path below the REST prefix, without leading or trailing `/` (the entity name unless `rest.path` is set). */
  readonly path: string
  readonly methods: readonly RestMethod[]
}

/** What one role may do with one action on one entity. */
export interface ActionPermission {
  readonly action: ActionName
  /** API-level names of the fields the action may see or write (include minus exclude). */
  readonly fields: ReadonlySet<string>
  /** The same fields in database order: what a read without a selection returns. */
  readonly fieldList: readonly FieldModel[]
  /** `policy.database`, parsed (field operands are API names; claim operands are bound per request). */
  readonly policy: FilterNode | undefined
  readonly policyText: string | undefined
  /**
   * Why `policyText` could not be parsed, when start-up tolerated it as Data API builder does (it rejects such a
   * policy per request, not at start-up): every request that needs the permission is refused (403), never run
   * without its policy.
   */
  readonly policyProblem: string | undefined
}

/**
 * The permissions of one entity by role. Role names compare case-insensitively. Lookup follows Data API builder
 * 2.x: a role configured on the entity uses exactly its own actions; an unconfigured named role falls back to
 * `authenticated`, and `authenticated` (configured or inherited) falls back to `anonymous`.
 */
export interface PermissionTable {
  /** Configured role names, lower-cased. */
  readonly roles: ReadonlySet<string>
  /** The permission for `role` and `action` after inheritance, or `undefined` when the role may not do it. */
  resolve(role: string, action: ActionName): ActionPermission | undefined
}
