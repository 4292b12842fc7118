import type { ActionName } from '../config/runtime-config.js'
import type { SluiceError } from '../errors/sluice-error.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { BoundParameter } from './bind-parameters.js'
import type { BoundFilter } from './bound-filter.js'
import type { BoundRelation } from './bound-relation.js'
import type { BoundAggregate } from './bound-aggregate.js'
import type { BoundOrderTerm } from './bound-order-term.js'
import type { OperationKind } from './operation-request.js'
import type { RequestTerms } from './request-terms.js'

export interface KeyValue {
  readonly field: FieldModel
  readonly value: unknown
}

/** A value to write into one field, coerced to the field's type (`null` only for nullable fields). */
export interface FieldValue {
  readonly field: FieldModel
  readonly value: unknown
}

/**
 * How a write reaches the database. `insert`: POST, or PUT/PATCH without the auto-generated key parts (keyless);
 * `update`: PUT/PATCH that must find the row (`If-Match: *`, or a key the database generates, SPEC REST writes
 * rule 3); `upsert`: PUT/PATCH with a complete key the caller chooses; `delete`.
 */
export type WriteMode = 'insert' | 'update' | 'upsert' | 'delete'

export interface BoundWrite {
  readonly mode: WriteMode
  /** The body's values for writable fields, in the entity's field order (URL key values are in `key`). */
  readonly values: readonly FieldValue[]
  /** PUT: on update, writable fields the body leaves out go back to their default (NULL without one). */
  readonly replace: boolean
  /** `If-Match: *` was given: the row must exist (SPEC REST writes rule 6). */
  readonly ifMatch: boolean
}

export type { BoundOrderTerm } from './bound-order-term.js'

/** What every bound request has: its entity, the permission action it needs, and the protocol's wording. */
export interface BoundRequestBase {
  readonly entity: EntityModel
  /** The permission action this operation needs. */
  readonly action: ActionName
  readonly terms: RequestTerms
}

/** A read of the record with the given key, with its related records. */
export interface KeyReadRequest extends BoundRequestBase {
  readonly kind: 'read-key'
  readonly operation: 'read'
  /** Key values in the entity's key order. */
  readonly key: readonly KeyValue[]
  readonly select: readonly FieldModel[] | undefined
  /** Related records to nest into the record (empty when none). */
  readonly relations: readonly BoundRelation[]
}

/** A page of the records that match a filter, in an order, after a cursor, with their related records. */
export interface ListReadRequest extends BoundRequestBase {
  readonly kind: 'list'
  readonly operation: 'read'
  readonly select: readonly FieldModel[] | undefined
  readonly filter: BoundFilter | undefined
  /** Fields the caller named in its ordering (excludes the key columns appended as tie-breakers). */
  readonly orderByFields: readonly FieldModel[]
  /** The complete ordering: the caller's terms, then each remaining key field ascending. */
  readonly orderBy: readonly BoundOrderTerm[]
  /** Rows per page (default applied, `-1` resolved to the maximum). */
  readonly pageSize: number
  /** `false` when the caller reads no paging value (`OperationRequest.pageInfo`). */
  readonly pageInfo: boolean
  /**
   * Values of `orderBy` at the row the page continues after, from a validated cursor. For an entity without key
   * fields (a keyless view, paged by position) it holds one value instead: the number of rows earlier pages returned.
   */
  readonly after: readonly (string | null)[] | undefined
  /** Related records to nest into each record (empty when none). */
  readonly relations: readonly BoundRelation[]
  /** Also count the matching records (`OperationRequest.count`). */
  readonly count: boolean
}

/** Groups of the records that match a filter, each with its aggregates, at most a page of them. */
export interface AggregateReadRequest extends BoundRequestBase {
  readonly kind: 'aggregate'
  readonly operation: 'read'
  readonly select: readonly FieldModel[] | undefined
  readonly filter: BoundFilter | undefined
  /** Fields the caller named in an ordering (checked like any reference; groups are ordered by `aggregate`). */
  readonly orderByFields: readonly FieldModel[]
  /** Groups per answer (default applied, `-1` resolved to the maximum). */
  readonly pageSize: number
  readonly aggregate: BoundAggregate
}

/** A create, update, upsert or delete of one record (`write.mode`). */
export interface WriteRequest extends BoundRequestBase {
  readonly kind: 'write'
  readonly operation: Exclude<OperationKind, 'read' | 'execute'>
  /**
   * Key values in the entity's key order; undefined for POST. A keyless insert (PUT/PATCH without the auto-generated
   * key parts) carries the parts the URL gave, possibly none.
   */
  readonly key: readonly KeyValue[] | undefined
  readonly write: BoundWrite
}

/** A stored-procedure call. */
export interface ExecuteRequest extends BoundRequestBase {
  readonly kind: 'execute'
  readonly operation: 'execute'
  /** The parameters to pass, in declaration order, coerced, config defaults applied. */
  readonly parameters: readonly BoundParameter[]
}

/**
 * Output of the parse stage: the request bound to the service model, every value coerced and checked, as one of
 * the request kinds. Each kind holds only what it uses; stages switch on `kind`.
 */
export type ParsedRequest = KeyReadRequest | ListReadRequest | AggregateReadRequest | WriteRequest | ExecuteRequest

/** The reads: by key, a page of a list, or groups. */
export type ReadRequest = KeyReadRequest | ListReadRequest | AggregateReadRequest

/**
 * A request that could not be bound (an unknown field, a wrong key name, a value of the wrong type …): only what the
 * authorize stage needs to check role × action first, and the binding's error, which it throws once the caller
 * holds the permission — a caller without it gets 403, never a message revealing which fields exist.
 */
export interface UnboundRequest extends BoundRequestBase {
  readonly kind: 'unbound'
  readonly operation: OperationKind
  readonly unbound: SluiceError
}

/** What the parse stage hands on: the bound request, or the binding's error held back for authorization. */
export type ParseOutcome = ParsedRequest | UnboundRequest
