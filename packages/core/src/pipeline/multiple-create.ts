import type { RuntimeConfig } from '../config/runtime-config.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import { mayHaveWritten } from '../errors/may-have-written.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { RelationshipModel } from '../model/relationship-model.js'
import type { EntityModel, ServiceModel } from '../model/service-model.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { InsertPlan } from '../plan/write-plan.js'
import type { PlanParameter } from '../plan/plan-parameter.js'
import { coerceValue } from '../request/coerce-value.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { RequestContext } from '../request/request-context.js'
import { RequestTransaction } from '../request/request-transaction.js'
import { invariant } from '../util/invariant.js'
import type { OperationResult, WriteResult } from './operation-result.js'
import type { ResultSet } from './result-set.js'
import type { Executed } from './stage.js'

/**
 * What the pipeline lends the multiple-create runner: its own stages, hooks included, so every record is
 * authorized, planned, claimed from the request's budget, run (and seen by the cache and telemetry) like any other.
 */
export interface MultipleCreateSteps {
  /**
   * parse → authorize: refuses (403) a caller who may not perform the request, before anything else happens. The
   * request is a probe (an empty body): what its binding would report is not the point, and is not thrown.
   */
  authorize(request: OperationRequest, context: RequestContext): Promise<void>
  /** parse → authorize → field-filter → plan for one request. */
  prepare(
    request: OperationRequest,
    context: RequestContext,
  ): Promise<{ readonly request: AuthorizedRequest; readonly plan: ExecutionPlan }>
  /** The execute stage: one plan, on the transaction the context carries. */
  execute(plan: ExecutionPlan, context: RequestContext): Promise<ResultSet>
  shape(executed: Executed, context: RequestContext): Promise<OperationResult>
}

type Body = Readonly<Record<string, unknown>>

interface Created {
  readonly result: WriteResult
  /** Field values known after the insert: the body's, then the key the database returned (as text). */
  readonly values: ReadonlyMap<string, unknown>
  readonly key: Readonly<Record<string, unknown>> | undefined
}

/**
 * Multiple create (`OperationRequest.items`) and nested create (related records under relationship names), in one
 * transaction: all records or none. Each record goes through the pipeline's own stages (so field access, create
 * policies and validation are exactly those of a single create) and its statement through the execute stage, on the
 * transaction's connection (`RequestContext.transaction`); `one` relationships insert the related record first
 * and take its join values, `many` insert the children after the parent with the parent's join values, and
 * many-to-many add a linking row (needing `create` on the linking object when it is an entity itself).
 */
export class MultipleCreate {
  constructor(
    private readonly model: ServiceModel,
    private readonly config: RuntimeConfig,
    private readonly sources: DataSourceRegistry,
  ) {}

  /** Whether a request takes this path: a create with `items`, nested related records or `relations` to return. */
  applies(request: OperationRequest): boolean {
    if (request.operation !== 'create') return false
    if (request.items !== undefined || (request.relations?.length ?? 0) > 0) return true
    const entity = this.model.entities.get(request.entity)
    return entity !== undefined && request.body !== undefined && hasNestedRecords(entity, request.body)
  }

  async run(request: OperationRequest, context: RequestContext, steps: MultipleCreateSteps): Promise<WriteResult> {
    const entity = this.model.entities.get(request.entity)
    if (entity === undefined) throw new SluiceError('SLUICE_ERR_ENTITY_NOT_FOUND', { path: request.entity })
    // Role × action first, by the authorize stage, as for a single create: a caller without `create` learns nothing
    // about the records.
    await steps.authorize({ operation: 'create', entity: entity.name, body: {}, terms: request.terms }, context)
    if (request.items !== undefined && request.body !== undefined)
      throw invalid('give either one record or items, not both.')
    const source = this.sources.get(entity.dataSource)
    const records = request.items ?? [request.body ?? {}]
    if (request.items !== undefined || records.some((r) => isObject(r) && hasNestedRecords(entity, r))) {
      if (!this.config.runtime.graphql.multipleCreate) throw new SluiceError('SLUICE_ERR_MULTIPLE_CREATE_DISABLED')
      if (!source.dialect.capabilities.multipleCreate)
        throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', { feature: 'Multiple create (capability multipleCreate)' })
    }
    if (records.length === 0) throw invalid('items must hold at least one record.')
    // Related entities share the root's data source (relationships never cross sources), so one transaction holds all.
    let transaction: RequestTransaction | undefined
    let result: WriteResult
    try {
      result = await source.driver.transaction(
        async (connection) => {
          transaction = new RequestTransaction(connection, source.name)
          const inTransaction: RequestContext = { ...context, transaction }
          const json: string[] = []
          let createdKey: WriteResult['createdKey']
          for (const record of records) {
            const created = await this.#create(entity, record, request, inTransaction, steps)
            createdKey = created.result.createdKey
            json.push(await this.#returned(entity, created, request, inTransaction, steps))
          }
          const rows = json.filter((j) => j !== '')
          return {
            kind: 'write',
            outcome: 'created',
            json: `[${rows.join(',')}]`,
            createdKey: records.length === 1 ? createdKey : undefined,
          }
        },
        { signal: context.signal },
      )
    } catch (error) {
      // Rolled back: what waited for the end (the cache's evictions) runs only if the commit may have happened.
      if (mayHaveWritten(error)) await transaction?.end(false)
      throw error
    }
    await transaction?.end(true)
    return result
  }

  async #create(
    entity: EntityModel,
    record: unknown,
    root: OperationRequest,
    context: RequestContext,
    steps: MultipleCreateSteps,
  ): Promise<Created> {
    if (!isObject(record)) throw invalid(`each ${entity.name} record must be an object.`)
    const scalars: Record<string, unknown> = {}
    const before: [RelationshipModel, unknown][] = []
    const after: [RelationshipModel, unknown][] = []
    for (const [name, value] of Object.entries(record)) {
      const relationship = entity.relationships.get(name)
      if (relationship === undefined) scalars[name] = value
      else if (relationship.cardinality === 'one' && relationship.linking === undefined)
        before.push([relationship, value])
      else after.push([relationship, value])
    }
    // A related record this one points to is inserted first; this record takes its join values.
    for (const [relationship, value] of before) {
      if (!isObject(value)) throw invalid(`'${relationship.name}' takes one ${relationship.target} record (an object).`)
      const parent = await this.#create(this.#target(relationship), value, root, context, steps)
      relationship.sourceFields.forEach((field, i) => {
        if (Object.hasOwn(scalars, field))
          throw invalid(
            `field '${field}' of ${entity.name} is set by the nested '${relationship.name}' record; leave it out.`,
          )
        scalars[field] = known(parent, relationship.targetFields[i]!, relationship)
      })
    }
    const created = await this.#insert(entity, scalars, root, context, steps)
    for (const [relationship, value] of after) {
      const target = this.#target(relationship)
      const children =
        relationship.cardinality === 'many'
          ? Array.isArray(value)
            ? value
            : undefined
          : isObject(value)
            ? [value]
            : undefined
      if (children === undefined)
        throw invalid(
          `'${relationship.name}' takes ${relationship.cardinality === 'many' ? 'a list of' : 'one'} ${target.name} record(s).`,
        )
      for (const child of children) {
        if (!isObject(child)) throw invalid(`each ${target.name} record must be an object.`)
        if (relationship.linking !== undefined) {
          const linked = await this.#create(target, child, root, context, steps)
          await this.#link(relationship, entity, target, created, linked, context, steps)
          continue
        }
        const body: Record<string, unknown> = { ...child }
        relationship.targetFields.forEach((field, i) => {
          if (Object.hasOwn(body, field))
            throw invalid(`field '${field}' of ${target.name} is set by its parent ${entity.name}; leave it out.`)
          body[field] = known(created, relationship.sourceFields[i]!, relationship)
        })
        await this.#create(target, body, root, context, steps)
      }
    }
    return created
  }

  async #insert(
    entity: EntityModel,
    body: Body,
    root: OperationRequest,
    context: RequestContext,
    steps: MultipleCreateSteps,
  ): Promise<Created> {
    const prepared = await steps.prepare({ operation: 'create', entity: entity.name, body, terms: root.terms }, context)
    invariant(prepared.plan.kind === 'insert', 'a create plans an insert')
    const set = await steps.execute(prepared.plan, context)
    invariant(set.kind === 'write', 'an insert runs to a write result set')
    const result = await steps.shape({ request: prepared.request, plan: prepared.plan, result: set }, context)
    invariant(result.kind === 'write', 'an insert shapes to a write result')
    const values = new Map<string, unknown>(Object.entries(body))
    let key: Record<string, unknown> | undefined
    if (set.key !== null) {
      key = {}
      entity.keyFields.forEach((f, i) => {
        values.set(f.name, set.key![i])
        key![f.name] = set.key![i]
      })
    }
    return { result, values, key }
  }

  /** The linking row of a many-to-many relationship between two created records. */
  async #link(
    relationship: RelationshipModel,
    source: EntityModel,
    target: EntityModel,
    from: Created,
    to: Created,
    context: RequestContext,
    steps: MultipleCreateSteps,
  ): Promise<void> {
    const linking = relationship.linking!
    const asEntity = [...this.model.entities.values()].find(
      (e) => e.source.name === linking.object.name && e.source.schema === linking.object.schema,
    )
    if (asEntity !== undefined) await steps.authorize({ operation: 'create', entity: asEntity.name, body: {} }, context)
    const parameters: PlanParameter[] = []
    const values = [
      ...relationship.sourceFields.map((name, i) => ({
        column: linking.sourceColumns[i]!,
        field: source.fieldsByName.get(name)!,
        value: known(from, name, relationship),
      })),
      ...relationship.targetFields.map((name, i) => ({
        column: linking.targetColumns[i]!,
        field: target.fieldsByName.get(name)!,
        value: known(to, name, relationship),
      })),
    ].map(({ column, field, value }) => {
      const coerced = coerceValue(field.type, value, 'any')
      invariant(coerced.ok, 'join values come from inserted rows')
      parameters.push({ value: coerced.value, type: field.type })
      return { column, value: { kind: 'param' as const, index: parameters.length - 1 } }
    })
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: `link|${relationship.source}|${relationship.name}`,
      dataSource: source.dataSource,
      table: { name: linking.object, alias: 't' },
      values,
      guard: undefined,
      returning: { columns: [], visible: undefined, keyColumns: [] },
      parameters,
    }
    await steps.execute(plan, context)
  }

  /** The created root record as returned: with `relations`, read back inside the transaction; else the insert's record. */
  async #returned(
    entity: EntityModel,
    created: Created,
    root: OperationRequest,
    context: RequestContext,
    steps: MultipleCreateSteps,
  ): Promise<string> {
    const inserted = created.result.json.slice(1, -1)
    const read = entity.permissions.resolve(context.role, 'read')
    const keyReadable = read !== undefined && entity.keyFields.every((f) => read.fields.has(f.name))
    if ((root.relations?.length ?? 0) === 0 || created.key === undefined || !keyReadable || inserted === '')
      return inserted
    const prepared = await steps.prepare(
      {
        operation: 'read',
        entity: entity.name,
        key: created.key,
        select: root.select,
        relations: root.relations,
        terms: root.terms,
      },
      context,
    )
    const set = await steps.execute(prepared.plan, context)
    const result = await steps.shape({ request: prepared.request, plan: prepared.plan, result: set }, context)
    invariant(result.kind === 'read', 'a read shapes to a read result')
    return result.json.slice(1, -1)
  }

  #target(relationship: RelationshipModel): EntityModel {
    const target = this.model.entities.get(relationship.target)
    invariant(target !== undefined, 'relationship targets are resolved at start-up')
    return target
  }
}

/** A join value of a created record: from its body, or its key as the database returned it. */
function known(created: Created, field: string, relationship: RelationshipModel): unknown {
  if (!created.values.has(field)) {
    throw invalid(
      `cannot create records through '${relationship.name}': the value of '${field}' is not known after the insert; give it in the record.`,
    )
  }
  return created.values.get(field)
}

function hasNestedRecords(entity: EntityModel, body: Body): boolean {
  for (const name of Object.keys(body)) if (entity.relationships.has(name)) return true
  return false
}

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid(detail: string): SluiceError {
  return new SluiceError('SLUICE_ERR_INVALID_NESTED_CREATE', { detail })
}
