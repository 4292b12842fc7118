import type { ActionName, RuntimeConfig } from '../config/runtime-config.js'
import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { EntityModel, FieldModel, ServiceModel } from '../model/service-model.js'
import { bindFilter } from '../request/bind-filter.js'
import { bindRelations } from '../request/bind-relations.js'
import { bindAggregate } from '../request/bound-aggregate.js'
import { NO_RELATIONS, type BoundRelation } from '../request/bound-relation.js'
import { bindKey } from '../request/bind-key.js'
import { bindOrderBy, type BoundOrdering } from '../request/bind-order-by.js'
import { cursorOrderOf } from '../request/cursor-order.js'
import { bindParameters } from '../request/bind-parameters.js'
import { bindSelect } from '../request/bind-select.js'
import { bindWrite } from '../request/bind-write.js'
import type { CursorCodec } from '../request/cursor-codec.js'
import type { OperationKind, OperationRequest } from '../request/operation-request.js'
import type { ParsedRequest, ParseOutcome, WriteRequest } from '../request/parsed-request.js'
import { REST_TERMS, type RequestTerms } from '../request/request-terms.js'
import { resolvePageSize } from '../request/resolve-page-size.js'
import { specifiedRequestRules } from '../request/rules/specified-request-rules.js'
import type { ParseStage } from './stage.js'

/**
 * Binds a protocol-neutral request to the service model: names → fields, values → column types, cursor → values.
 * Binding errors are handed on as an `UnboundRequest` rather than thrown, so authorization decides first.
 */
@injectable()
export class DefaultParseStage implements ParseStage {
  constructor(
    @inject(Tokens.ServiceModel) private readonly model: ServiceModel,
    @inject(Tokens.Config) private readonly config: RuntimeConfig,
    @inject(Tokens.CursorCodec) private readonly cursors: CursorCodec,
  ) {}

  run(request: OperationRequest): ParseOutcome {
    const entity = this.model.entities.get(request.entity)
    if (entity === undefined) throw new SluiceError('SLUICE_ERR_ENTITY_NOT_FOUND', { path: request.entity })
    const terms = request.terms ?? REST_TERMS
    for (const rule of specifiedRequestRules) rule(request, entity, terms)
    try {
      return this.#bind(request, entity, terms)
    } catch (error) {
      // Binding errors describe the entity's fields; they wait until authorization has checked role × action.
      if (!isSluiceError(error) || error.status !== 400) throw error
      const { operation } = request
      return { kind: 'unbound', operation, entity, action: ACTIONS[operation], terms, unbound: error }
    }
  }

  #bind(request: OperationRequest, entity: EntityModel, terms: RequestTerms): ParsedRequest {
    if (request.operation === 'execute') {
      // A stored-procedure call: only parameters (request rules have refused every other option).
      const parameters = bindParameters(entity, request.parameters)
      return { kind: 'execute', operation: 'execute', entity, action: 'execute', terms, parameters }
    }
    if (request.operation !== 'read') return this.#bindWrite(request, request.operation, entity, terms)
    // Bound in this order, so a request with several mistakes reports the same one whatever its kind.
    if (request.key !== undefined) {
      // A by-key read returns one row: no ordering, paging, filter or count (the request rules refuse them).
      const key = bindKey(entity, request.key, terms)
      if (request.aggregate !== undefined) throw invalidAggregate()
      const select = request.select === undefined ? undefined : bindSelect(entity, request.select, terms)
      const relations = this.#bindRelations(request, entity, select, terms)
      return { kind: 'read-key', operation: 'read', entity, action: 'read', terms, key, select, relations }
    }
    const ordering = bindOrderBy(entity, request.orderBy ?? [], terms)
    const after = request.after === undefined ? undefined : this.#decodeCursor(request.after, entity, ordering, terms)
    if (request.aggregate !== undefined && ((request.relations?.length ?? 0) > 0 || request.count === true))
      throw invalidAggregate()
    const select = request.select === undefined ? undefined : bindSelect(entity, request.select, terms)
    const relations = this.#bindRelations(request, entity, select, terms)
    const filter =
      request.filter === undefined ? undefined : bindFilter(request.filter, entity, terms.filter, this.model.entities)
    const pageSize = resolvePageSize(request.first, this.config.runtime.pagination, terms)
    if (request.aggregate !== undefined) {
      return {
        kind: 'aggregate',
        operation: 'read',
        entity,
        action: 'read',
        terms,
        select,
        filter,
        orderByFields: ordering.fields,
        pageSize,
        aggregate: bindAggregate(request.aggregate, entity),
      }
    }
    return {
      kind: 'list',
      operation: 'read',
      entity,
      action: 'read',
      terms,
      select,
      filter,
      orderByFields: ordering.fields,
      orderBy: ordering.terms,
      pageSize,
      pageInfo: request.pageInfo !== false,
      after,
      relations,
      count: request.count === true,
    }
  }

  /** A cursor's ordering values (keyed entities page by keyset values; keyless views by position: see `after`). */
  #decodeCursor(
    cursor: string,
    entity: EntityModel,
    ordering: BoundOrdering,
    terms: RequestTerms,
  ): readonly (string | null)[] {
    const decoded = this.cursors.decode(cursor, entity.name, cursorOrderOf(ordering.terms))
    if (!decoded.ok) throw new SluiceError('SLUICE_ERR_INVALID_CURSOR', { place: terms.after, detail: decoded.reason })
    const keyless = entity.keyFields.length === 0
    if (keyless !== (decoded.offset !== undefined))
      throw new SluiceError('SLUICE_ERR_INVALID_CURSOR', { place: terms.after, detail: FOREIGN_CURSOR })
    return decoded.offset !== undefined ? [String(decoded.offset)] : decoded.values
  }

  /** Nested relations; the response keys they must not take are worked out only for a request that has some. */
  #bindRelations(
    request: OperationRequest,
    entity: EntityModel,
    select: readonly FieldModel[] | undefined,
    terms: RequestTerms,
  ): readonly BoundRelation[] {
    if (request.relations === undefined || request.relations.length === 0) return NO_RELATIONS
    return bindRelations(request.relations, entity, new Set((select ?? entity.fields).map((f) => f.name)), {
      entities: this.model.entities,
      pagination: this.config.runtime.pagination,
      cursors: this.cursors,
      terms,
    })
  }

  #bindWrite(
    request: OperationRequest,
    operation: WriteRequest['operation'],
    entity: EntityModel,
    terms: RequestTerms,
  ): WriteRequest {
    const nested = request.relations?.[0]
    if (nested !== undefined) {
      throw new SluiceError('SLUICE_ERR_INVALID_RELATION', {
        relationship: nested.relationship,
        detail: 'nested relationships apply to reads only.',
      })
    }
    const { key, write } = bindWrite(request, entity, this.config.runtime.rest.requestBodyStrict, terms)
    // A keyless PUT/PATCH is an insert, so it needs `create`.
    const action = write.mode === 'insert' ? 'create' : ACTIONS[operation]
    return { kind: 'write', operation, entity, action, terms, key, write }
  }
}

function invalidAggregate(): SluiceError {
  return new SluiceError('SLUICE_ERR_INVALID_AGGREGATE', {
    detail: 'aggregation applies to list reads, without a key, nested relationships or a count.',
  })
}

const FOREIGN_CURSOR =
  'the pagination token belongs to a different query; keep the entity and ordering of the request that returned it.'

/**
 * The permission each operation needs. PUT and PATCH need `update`; when they may insert (an upsert), the authorize
 * stage also requires `create`.
 */
const ACTIONS: Readonly<Record<OperationKind, ActionName>> = {
  read: 'read',
  create: 'create',
  replace: 'update',
  merge: 'update',
  update: 'update',
  delete: 'delete',
  execute: 'execute',
}
