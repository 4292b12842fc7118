import { GraphQLList, GraphQLNonNull, type GraphQLFieldConfig } from 'graphql'
import { SluiceError, type OperationRequest, type ServiceModel } from '@sluice/core/protocol'
import { READ_FIELD, type ReadFieldExtension } from '../fast/read-field-extension.js'
import { GROUPS } from '../schema/aggregate-types.js'
import type { EntityTypes } from '../schema/entity-types.js'
import { buildAggregate } from './build-aggregate.js'
import { checkReadableSelection } from './check-readable-selection.js'
import type { CollectedField } from './collect-fields.js'
import { GRAPHQL_TERMS, type GraphQLContext } from './graphql-context.js'
import { parseRecords, readResult, writeResult } from './parse-records.js'
import {
  buildListOptions,
  buildReadSelection,
  itemsOf,
  type ListOptions,
  type ReadScope,
  type ReadSelection,
} from './read-selection.js'
import { resolveRootOutcome } from './root-outcome.js'
import { ROOT_PLANNER, type DocumentScope, type RootPlan, type RootPlanner } from './root-plan.js'

type Args = Readonly<Record<string, unknown>>
type Field = GraphQLFieldConfig<unknown, GraphQLContext, Args>

/** A root field whose value comes from its plan (see `RootPlan`), with what graphql-js needs besides. */
function plannedField(
  config: Omit<Field, 'resolve' | 'extensions'>,
  planner: RootPlanner,
  read?: ReadFieldExtension,
): Field {
  const extensions = read === undefined ? { [ROOT_PLANNER]: planner } : { [ROOT_PLANNER]: planner, [READ_FIELD]: read }
  return { ...config, extensions, resolve: resolveRootOutcome }
}

/**
 * The root fields of the entities. Each plans the protocol-neutral requests it needs — one per statement, nested
 * relationships included in their parent's — and turns their results into its value; nested fields are then read
 * from the records by graphql-js's default resolvers. No SQL and no authorization decision lives here: core does
 * both, as for REST. The requests run before graphql-js executes the document (see `runDocument`).
 */
export class RootFields {
  constructor(
    private readonly model: ServiceModel,
    private readonly types: (entityName: string) => EntityTypes | undefined,
  ) {}

  list(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.connection,
        description: `Lists ${t.names.type} records: filter, then order, then page.`,
        args: t.listArguments(),
      },
      (args, root, documentScope) => {
        const scope = this.#scope(documentScope)
        const connection = root.subfields
        const groupBys = connection.filter((f) => f.name === 'groupBy')
        const options = buildListOptions(t.entity, args, root.field.nodes[0]!, scope)
        const wantsRecords =
          groupBys.length === 0 || connection.some((f) => f.name !== 'groupBy' && f.name !== '__typename')
        const requests: OperationRequest[] = wantsRecords ? [listRequest(t, options, connection, scope)] : []
        // Groups: at most `first` of them (Data API builder applies the list's `first` to its groups).
        for (const groupBy of groupBys) {
          const aggregate = buildAggregate(groupBy, t.connection, scope)
          requests.push({
            operation: 'read',
            entity: t.entity.name,
            filter: options.filter,
            first: options.first,
            aggregate,
            terms: GRAPHQL_TERMS,
          })
        }
        return {
          requests,
          finish: (results, context) => {
            const value = {
              items: [] as unknown[],
              hasNextPage: false,
              endCursor: null as string | null,
              totalCount: null as number | null,
              [GROUPS]: {} as Record<string, unknown>,
            }
            let next = 0
            if (wantsRecords) {
              const result = readResult(results[next++])
              value.items = parseRecords(result.json, context)
              value.hasNextPage = result.hasNextPage
              value.endCursor = result.endCursor
              value.totalCount = result.count ?? null
            }
            for (const groupBy of groupBys)
              value[GROUPS][groupBy.responseKey] = parseRecords(readResult(results[next++]).json, context)
            return value
          },
        }
      },
      { kind: 'list', types: t },
    )
  }

  byKey(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.object,
        description: `One ${t.names.type} record by its key; an error entry when there is none.`,
        args: t.byKeyArguments(),
      },
      (args, root, scope) => ({
        requests: [byKeyRequest(t, args, root.subfields, this.#scope(scope))],
        finish: (results, context) => {
          const record = parseRecords(readResult(results[0]).json, context)[0]
          if (record === undefined) throw new SluiceError('SLUICE_ERR_ITEM_NOT_FOUND')
          return record
        },
      }),
      { kind: 'byKey', types: t },
    )
  }

  create(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.object,
        description: `Creates a ${t.names.type} record and returns it as the caller may read it.`,
        args: { item: { type: new GraphQLNonNull(t.createInput!) } },
      },
      (args, root, scope, context) => {
        const { select, relations } = this.#selection(t, root.subfields, scope)
        checkReadableSelection(t.entity, select, context)
        return writeOne({
          operation: 'create',
          entity: t.entity.name,
          body: args['item'] as Args,
          relations,
          terms: GRAPHQL_TERMS,
        })
      },
    )
  }

  createMany(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.connection,
        description: `Creates several ${t.names.type} records in one transaction (all or none).`,
        // `[Create{T}Input!]`, a nullable list as in Data API builder; null creates nothing.
        args: { items: { type: new GraphQLList(new GraphQLNonNull(t.createInput!)) } },
      },
      (args, root, documentScope, context) => {
        const empty = { items: [], hasNextPage: false, endCursor: null, totalCount: 0 }
        if (args['items'] === null || args['items'] === undefined) return { requests: [], finish: () => empty }
        const scope = this.#scope(documentScope)
        const { select, relations } = buildReadSelection(t.entity, t.object, itemsOf(root.subfields, scope), scope)
        checkReadableSelection(t.entity, select, context)
        return {
          requests: [
            {
              operation: 'create',
              entity: t.entity.name,
              items: args['items'] as Args[],
              relations,
              terms: GRAPHQL_TERMS,
            },
          ],
          finish: (results, resultContext) => {
            const items = parseRecords(writeResult(results[0]).json, resultContext)
            // The records created, all on this one page.
            return { items, hasNextPage: false, endCursor: null, totalCount: items.length }
          },
        }
      },
    )
  }

  /** `update{T}`: changes the given fields of an existing row (core's `update`: never inserts, needs only `update`). */
  update(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.object,
        description: `Changes fields of an existing ${t.names.type} record; an error entry when there is none.`,
        args: { ...t.keyArguments(), item: { type: new GraphQLNonNull(t.updateInput!) } },
      },
      (args, root, scope, context) => {
        const { select, relations } = this.#selection(t, root.subfields, scope)
        checkReadableSelection(t.entity, select, context)
        return writeOne({
          operation: 'update',
          entity: t.entity.name,
          key: keyOf(t, args),
          body: itemWithoutKey(t, args),
          relations,
          terms: GRAPHQL_TERMS,
        })
      },
    )
  }

  /**
   * `delete{T}`: deletes by key and returns the deleted record. Core's delete plan returns no row, so when the
   * selection asks for fields the record is read first (the caller's read permission and row policy apply); the
   * delete itself is one statement with REST's semantics (absent key → error entry).
   */
  delete(t: EntityTypes): Field {
    return plannedField(
      {
        type: t.object,
        description: `Deletes a ${t.names.type} record by its key and returns it as it was.`,
        args: t.keyArguments(),
      },
      (args, root, scope, context) => {
        const key = keyOf(t, args)
        const { select, relations } = this.#selection(t, root.subfields, scope)
        checkReadableSelection(t.entity, select, context)
        const reads = select !== undefined || relations !== undefined
        const requests: OperationRequest[] = [{ operation: 'delete', entity: t.entity.name, key, terms: GRAPHQL_TERMS }]
        if (reads)
          requests.unshift({ operation: 'read', entity: t.entity.name, key, select, relations, terms: GRAPHQL_TERMS })
        return {
          requests,
          finish: (results, resultContext) =>
            reads ? (parseRecords(readResult(results[0]).json, resultContext)[0] ?? null) : null,
        }
      },
    )
  }

  #scope(scope: DocumentScope): ReadScope {
    return {
      fragments: scope.fragments,
      variableValues: scope.variableValues,
      rawVariables: scope.rawVariables,
      model: this.model,
      types: this.types,
    }
  }

  #selection(t: EntityTypes, fields: readonly CollectedField[], scope: DocumentScope): ReadSelection {
    return buildReadSelection(t.entity, t.object, fields, this.#scope(scope))
  }
}

/** One write whose value is the written record as the caller may read it (`null` when it may read none). */
function writeOne(request: OperationRequest): RootPlan {
  return {
    requests: [request],
    finish: (results, context) => parseRecords(writeResult(results[0]).json, context)[0] ?? null,
  }
}

/** The read of a list field's records (`connection`: the fields selected on the connection type). */
function listRequest(
  t: EntityTypes,
  options: ListOptions,
  connection: readonly CollectedField[],
  scope: ReadScope,
): OperationRequest {
  const { select, relations } = buildReadSelection(t.entity, t.object, itemsOf(connection, scope), scope)
  // `totalCount` is counted only when selected: the count scans every matching row.
  const count = connection.some((f) => f.name === 'totalCount') ? true : undefined
  // Without `hasNextPage` and `endCursor` the page reads no extra row and carries no cursor.
  const pageInfo = connection.some((f) => f.name === 'hasNextPage' || f.name === 'endCursor') ? undefined : false
  return {
    operation: 'read',
    entity: t.entity.name,
    select,
    relations,
    filter: options.filter,
    orderBy: options.orderBy,
    first: options.first,
    after: options.after,
    count,
    pageInfo,
    terms: GRAPHQL_TERMS,
  }
}

/** The read of a by-key field's record (`fields`: the fields selected on the record). */
function byKeyRequest(
  t: EntityTypes,
  args: Args,
  fields: readonly CollectedField[],
  scope: ReadScope,
): OperationRequest {
  const { select, relations } = buildReadSelection(t.entity, t.object, fields, scope)
  return { operation: 'read', entity: t.entity.name, key: keyOf(t, args), select, relations, terms: GRAPHQL_TERMS }
}

function keyOf(t: EntityTypes, args: Args): Record<string, unknown> {
  const key: Record<string, unknown> = {}
  for (const f of t.entity.keyFields) key[f.name] = args[f.name]
  return key
}

/**
 * The `item` of `update{T}` without its key fields. Data API builder's update input carries the key fields too, and
 * its clients repeat the key there (`updateBook(id: 1, item: { id: 1, … })`); the same value is no change and is
 * dropped. A different value would change the key, which an update by key does not do: refused.
 */
function itemWithoutKey(t: EntityTypes, args: Args): Args {
  const item = args['item'] as Args
  const body: Record<string, unknown> = { ...item }
  for (const f of t.entity.keyFields) {
    if (!Object.hasOwn(body, f.name)) continue
    if (body[f.name] !== null && String(body[f.name]) === String(args[f.name])) {
      delete body[f.name]
      continue
    }
    throw new SluiceError('SLUICE_ERR_READ_ONLY_FIELD', {
      field: f.name,
      reason: 'it is part of the key, which the key arguments give; a key cannot be changed',
    })
  }
  return body
}
