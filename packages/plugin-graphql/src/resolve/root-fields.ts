import { GraphQLList, GraphQLNonNull, type GraphQLFieldConfig, type GraphQLResolveInfo } from 'graphql'
import { SluiceError, type OperationRequest, type Pipeline, type ServiceModel } from '@sluice/core/protocol'
import { READ_FIELD, type ReadFieldExtension } from '../fast/read-field-extension.js'
import { GROUPS } from '../schema/aggregate-types.js'
import type { EntityTypes } from '../schema/entity-types.js'
import { buildAggregate } from './build-aggregate.js'
import { checkReadableSelection } from './check-readable-selection.js'
import { collectSubfields, type CollectedField } from './collect-fields.js'
import { GRAPHQL_TERMS, type GraphQLContext } from './graphql-context.js'
import { buildListOptions, buildReadSelection, itemsOf, type ListOptions, type ReadScope, type ReadSelection } from './read-selection.js'
import { parseRecords, runRead, runWrite } from './run-operation.js'

type Args = Readonly<Record<string, unknown>>
type Field = GraphQLFieldConfig<unknown, GraphQLContext, Args>

/**
 * The resolvers of the root fields. Each builds one protocol-neutral request and makes one pipeline call (one SQL
 * statement, nested relationships included); nested fields are then read from the records by graphql-js's default
 * resolvers. No SQL and no authorization decision lives here: core does both, as for REST.
 */
export class RootFields {
  constructor(
    private readonly model: ServiceModel,
    private readonly pipeline: Pipeline,
    private readonly types: (entityName: string) => EntityTypes | undefined,
  ) {}

  list(t: EntityTypes): Field {
    return {
      type: t.connection,
      description: `Lists ${t.names.type} records: filter, then order, then page.`,
      args: t.listArguments(),
      extensions: { [READ_FIELD]: { kind: 'list', types: t } satisfies ReadFieldExtension },
      resolve: async (_source, args, context, info) => {
        const scope = this.#scope(context, info)
        const connection = collectSubfields(info.fieldNodes, scope)
        const groupBys = connection.filter((f) => f.name === 'groupBy')
        const value: { items: unknown[]; hasNextPage: boolean; endCursor: string | null; totalCount: number | null; [GROUPS]: Record<string, unknown> } = {
          items: [], hasNextPage: false, endCursor: null, totalCount: null, [GROUPS]: {},
        }
        const options = buildListOptions(t.entity, args, info.fieldNodes[0]!, scope)
        const wantsRecords = groupBys.length === 0 || connection.some((f) => f.name !== 'groupBy' && f.name !== '__typename')
        if (wantsRecords) {
          const result = await runRead(this.pipeline, listRequest(t, options, connection, scope), context.request)
          value.items = parseRecords(result.json, context)
          value.hasNextPage = result.hasNextPage
          value.endCursor = result.endCursor
          value.totalCount = result.count ?? null
        }
        for (const groupBy of groupBys) {
          const aggregate = buildAggregate(groupBy, t.connection, scope)
          const result = await runRead(this.pipeline, {
            operation: 'read', entity: t.entity.name, filter: options.filter, aggregate, terms: GRAPHQL_TERMS,
          }, context.request)
          value[GROUPS][groupBy.responseKey] = parseRecords(result.json, context)
        }
        return value
      },
    }
  }

  byKey(t: EntityTypes): Field {
    return {
      type: t.object,
      description: `One ${t.names.type} record by its key; an error entry when there is none.`,
      args: t.byKeyArguments(),
      extensions: { [READ_FIELD]: { kind: 'byKey', types: t } satisfies ReadFieldExtension },
      resolve: async (_source, args, context, info) => {
        const scope = this.#scope(context, info)
        const result = await runRead(this.pipeline, byKeyRequest(t, args, collectSubfields(info.fieldNodes, scope), scope), context.request)
        const record = parseRecords(result.json, context)[0]
        if (record === undefined) throw new SluiceError('SLUICE_ERR_ITEM_NOT_FOUND')
        return record
      },
    }
  }

  create(t: EntityTypes): Field {
    return {
      type: t.object,
      description: `Creates a ${t.names.type} record and returns it as the caller may read it.`,
      args: { item: { type: new GraphQLNonNull(t.createInput!) } },
      resolve: async (_source, args, context, info) => {
        const { select, relations } = this.#selection(t, context, info)
        checkReadableSelection(t.entity, select, context.request)
        const result = await runWrite(this.pipeline, {
          operation: 'create', entity: t.entity.name, body: args['item'] as Args, relations, terms: GRAPHQL_TERMS,
        }, context.request)
        return parseRecords(result.json, context)[0] ?? null
      },
    }
  }

  createMany(t: EntityTypes): Field {
    return {
      type: t.connection,
      description: `Creates several ${t.names.type} records in one transaction (all or none).`,
      // `[Create{T}Input!]`, a nullable list as in Data API builder; null creates nothing.
      args: { items: { type: new GraphQLList(new GraphQLNonNull(t.createInput!)) } },
      resolve: async (_source, args, context, info) => {
        if (args['items'] === null || args['items'] === undefined) return { items: [], hasNextPage: false, endCursor: null, totalCount: 0 }
        const scope = this.#scope(context, info)
        const { select, relations } = buildReadSelection(t.entity, t.object, itemsOf(collectSubfields(info.fieldNodes, scope), scope), scope)
        checkReadableSelection(t.entity, select, context.request)
        const result = await runWrite(this.pipeline, {
          operation: 'create', entity: t.entity.name, items: args['items'] as Args[], relations, terms: GRAPHQL_TERMS,
        }, context.request)
        const items = parseRecords(result.json, context)
        // The records created, all on this one page.
        return { items, hasNextPage: false, endCursor: null, totalCount: items.length }
      },
    }
  }

  /** `update{T}`: changes the given fields of an existing row (core's `update`: never inserts, needs only `update`). */
  update(t: EntityTypes): Field {
    return {
      type: t.object,
      description: `Changes fields of an existing ${t.names.type} record; an error entry when there is none.`,
      args: { ...t.keyArguments(), item: { type: new GraphQLNonNull(t.updateInput!) } },
      resolve: async (_source, args, context, info) => {
        const { select, relations } = this.#selection(t, context, info)
        checkReadableSelection(t.entity, select, context.request)
        const result = await runWrite(this.pipeline, {
          operation: 'update', entity: t.entity.name, key: keyOf(t, args), body: itemWithoutKey(t, args), relations, terms: GRAPHQL_TERMS,
        }, context.request)
        return parseRecords(result.json, context)[0] ?? null
      },
    }
  }

  /**
   * `delete{T}`: deletes by key and returns the deleted record. Core's delete plan returns no row, so when the
   * selection asks for fields the record is read first (the caller's read permission and row policy apply); the
   * delete itself is one statement with REST's semantics (absent key → error entry).
   */
  delete(t: EntityTypes): Field {
    return {
      type: t.object,
      description: `Deletes a ${t.names.type} record by its key and returns it as it was.`,
      args: t.keyArguments(),
      resolve: async (_source, args, context, info) => {
        const key = keyOf(t, args)
        const { select, relations } = this.#selection(t, context, info)
        checkReadableSelection(t.entity, select, context.request)
        let record: Record<string, unknown> | null = null
        if (select !== undefined || relations !== undefined) {
          const before = await runRead(this.pipeline, {
            operation: 'read', entity: t.entity.name, key, select, relations, terms: GRAPHQL_TERMS,
          }, context.request)
          record = parseRecords(before.json, context)[0] ?? null
        }
        await runWrite(this.pipeline, { operation: 'delete', entity: t.entity.name, key, terms: GRAPHQL_TERMS }, context.request)
        return record
      },
    }
  }

  #scope(context: GraphQLContext, info: GraphQLResolveInfo): ReadScope {
    return { fragments: info.fragments, variableValues: info.variableValues, model: this.model, types: this.types, rawVariables: context.rawVariables }
  }

  #selection(t: EntityTypes, context: GraphQLContext, info: GraphQLResolveInfo): ReadSelection {
    const scope = this.#scope(context, info)
    return buildReadSelection(t.entity, t.object, collectSubfields(info.fieldNodes, scope), scope)
  }
}

/** The read of a list field's records (`connection`: the fields selected on the connection type). */
export function listRequest(t: EntityTypes, options: ListOptions, connection: readonly CollectedField[], scope: ReadScope): OperationRequest {
  const { select, relations } = buildReadSelection(t.entity, t.object, itemsOf(connection, scope), scope)
  // `totalCount` is counted only when selected: the count scans every matching row.
  const count = connection.some((f) => f.name === 'totalCount') ? true : undefined
  // Without `hasNextPage` and `endCursor` the page reads no extra row and carries no cursor.
  const pageInfo = connection.some((f) => f.name === 'hasNextPage' || f.name === 'endCursor') ? undefined : false
  return {
    operation: 'read', entity: t.entity.name, select, relations,
    filter: options.filter, orderBy: options.orderBy, first: options.first, after: options.after, count, pageInfo, terms: GRAPHQL_TERMS,
  }
}

/** The read of a by-key field's record (`fields`: the fields selected on the record). */
export function byKeyRequest(t: EntityTypes, args: Args, fields: readonly CollectedField[], scope: ReadScope): OperationRequest {
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
    throw new SluiceError('SLUICE_ERR_READ_ONLY_FIELD', { field: f.name, reason: 'it is part of the key, which the key arguments give; a key cannot be changed' })
  }
  return body
}
