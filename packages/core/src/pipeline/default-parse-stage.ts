import type { ActionName, RuntimeConfig } from '../config/runtime-config.js'
import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { EntityModel, ServiceModel } from '../model/service-model.js'
import { bindFilter } from '../request/bind-filter.js'
import { bindRelations } from '../request/bind-relations.js'
import { bindAggregate } from '../request/bound-aggregate.js'
import { NO_RELATIONS } from '../request/bound-relation.js'
import { bindKey } from '../request/bind-key.js'
import { bindOrderBy, type BoundOrdering } from '../request/bind-order-by.js'
import { cursorOrderOf } from '../request/cursor-order.js'
import { bindParameters } from '../request/bind-parameters.js'
import { bindSelect } from '../request/bind-select.js'
import { bindWrite } from '../request/bind-write.js'
import type { CursorCodec } from '../request/cursor-codec.js'
import type { OperationKind, OperationRequest } from '../request/operation-request.js'
import type { ParsedRequest, ParseOutcome } from '../request/parsed-request.js'
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
      return { operation: request.operation, entity, action: ACTIONS[request.operation], terms, unbound: error }
    }
  }

  #bind(request: OperationRequest, entity: EntityModel, terms: RequestTerms): ParsedRequest {
    if (request.operation === 'execute') return this.#bindExecute(request, entity, terms)
    if (request.operation !== 'read') return this.#bindWrite(request, entity, terms)
    const key = request.key === undefined ? undefined : bindKey(entity, request.key, terms)
    // A by-key read returns one row: it has no ordering (the request rules refuse one) and no page to order.
    const ordering = key === undefined ? bindOrderBy(entity, request.orderBy ?? [], terms) : NO_ORDERING
    let after: ParsedRequest['after']
    if (request.after !== undefined) {
      const decoded = this.cursors.decode(request.after, entity.name, cursorOrderOf(ordering.terms))
      if (!decoded.ok)
        throw new SluiceError('SLUICE_ERR_INVALID_CURSOR', { place: terms.after, detail: decoded.reason })
      // Keyed entities page by keyset values; keyless views by position (see ParsedRequest.after).
      const keyless = entity.keyFields.length === 0
      if (keyless !== (decoded.offset !== undefined))
        throw new SluiceError('SLUICE_ERR_INVALID_CURSOR', { place: terms.after, detail: FOREIGN_CURSOR })
      after = decoded.offset !== undefined ? [String(decoded.offset)] : decoded.values
    }
    if (
      request.aggregate !== undefined &&
      (key !== undefined || (request.relations?.length ?? 0) > 0 || request.count === true)
    ) {
      throw new SluiceError('SLUICE_ERR_INVALID_AGGREGATE', {
        detail: 'aggregation applies to list reads, without a key, nested relationships or a count.',
      })
    }
    const select = request.select === undefined ? undefined : bindSelect(entity, request.select, terms)
    const entities = this.model.entities
    // The response keys nested relations must not take are worked out only for a request that has some.
    const relations =
      request.relations === undefined || request.relations.length === 0
        ? NO_RELATIONS
        : bindRelations(request.relations, entity, new Set((select ?? entity.fields).map((f) => f.name)), {
            entities,
            pagination: this.config.runtime.pagination,
            cursors: this.cursors,
            terms,
          })
    return {
      operation: request.operation,
      entity,
      action: 'read',
      terms,
      key,
      write: undefined,
      select,
      filter: request.filter === undefined ? undefined : bindFilter(request.filter, entity, terms.filter, entities),
      orderByFields: ordering.fields,
      orderBy: ordering.terms,
      pageSize: key === undefined ? resolvePageSize(request.first, this.config.runtime.pagination, terms) : undefined,
      pageInfo: request.pageInfo !== false,
      after,
      parameters: undefined,
      relations,
      aggregate: request.aggregate === undefined ? undefined : bindAggregate(request.aggregate, entity),
      count: request.count === true,
    }
  }

  #bindWrite(request: OperationRequest, entity: EntityModel, terms: RequestTerms): ParsedRequest {
    const nested = request.relations?.[0]
    if (nested !== undefined) {
      throw new SluiceError('SLUICE_ERR_INVALID_RELATION', {
        relationship: nested.relationship,
        detail: 'nested relationships apply to reads only.',
      })
    }
    const { key, write } = bindWrite(request, entity, this.config.runtime.rest.requestBodyStrict, terms)
    // A keyless PUT/PATCH is an insert, so it needs `create`.
    const action = write.mode === 'insert' ? 'create' : ACTIONS[request.operation]
    return {
      operation: request.operation,
      entity,
      action,
      terms,
      key,
      write,
      select: undefined,
      filter: undefined,
      orderByFields: [],
      orderBy: [],
      pageSize: undefined,
      pageInfo: true,
      after: undefined,
      parameters: undefined,
      relations: NO_RELATIONS,
      aggregate: undefined,
      count: false,
    }
  }

  /** A stored-procedure call: only parameters (request rules have refused every other option). */
  #bindExecute(request: OperationRequest, entity: EntityModel, terms: RequestTerms): ParsedRequest {
    return {
      operation: 'execute',
      entity,
      action: 'execute',
      terms,
      key: undefined,
      write: undefined,
      select: undefined,
      filter: undefined,
      orderByFields: [],
      orderBy: [],
      pageSize: undefined,
      pageInfo: true,
      after: undefined,
      parameters: bindParameters(entity, request.parameters),
      relations: NO_RELATIONS,
      aggregate: undefined,
      count: false,
    }
  }
}

const NO_ORDERING: BoundOrdering = Object.freeze({ fields: Object.freeze([]), terms: Object.freeze([]) })

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
