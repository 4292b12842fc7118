import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql'
import type { EntityModel, FieldModel, RelationshipModel } from '@sluice/core/protocol'
import { entityNames, type EntityNames } from './entity-names.js'
import { buildCreateInput, buildUpdateInput } from './mutation-input-types.js'
import type { ScalarFilterInputs } from './scalar-filter-inputs.js'
import { graphqlScalar } from './scalars.js'
import { visibleFields } from './visible-fields.js'

/** `ASC` / `DESC`, shared by every `{T}OrderByInput`. */
export const OrderByEnum = new GraphQLEnumType({
  name: 'OrderBy',
  description: 'Sort direction.',
  values: { ASC: { value: 'asc' }, DESC: { value: 'desc' } },
})

/** Looks up the types of another published entity (relationship targets); `undefined` when it is not published. */
export type EntityTypeLookup = (entityName: string) => EntityTypes | undefined

export interface EntityTypeOptions {
  readonly filters: ScalarFilterInputs
  readonly lookup: EntityTypeLookup
  /** `runtime.graphql.multiple-mutations.create.enabled`: create inputs take related records. */
  readonly multipleCreate: boolean
  /** Adds `groupBy` to the connection type (`runtime.graphql.enable-aggregation`). */
  readonly groupBy: ((types: EntityTypes) => GraphQLFieldConfigMap<unknown, unknown>) | undefined
}

/**
 * The GraphQL types of one table or view entity, built from the fields some role may use (dab.md §4.6: the schema
 * shows what at least one role may do; core checks each request against the caller's role). Types that refer to
 * other entities (relationship fields, related filters, nested create) use thunks, so entities can refer to each
 * other in any order.
 */
export class EntityTypes {
  readonly names: EntityNames
  readonly readFields: readonly FieldModel[] | undefined
  readonly createFields: readonly FieldModel[] | undefined
  readonly updateFields: readonly FieldModel[] | undefined
  readonly canDelete: boolean
  readonly object: GraphQLObjectType
  readonly connection: GraphQLObjectType
  readonly filterInput: GraphQLInputObjectType
  readonly orderByInput: GraphQLInputObjectType
  readonly createInput: GraphQLInputObjectType | undefined
  readonly updateInput: GraphQLInputObjectType | undefined

  constructor(
    readonly entity: EntityModel,
    private readonly options: EntityTypeOptions,
  ) {
    const names = entityNames(entity)
    this.names = names
    this.readFields = visibleFields(entity, 'read')
    this.createFields = visibleFields(entity, 'create')
    this.updateFields = visibleFields(entity, 'update')
    this.canDelete = visibleFields(entity, 'delete') !== undefined
    // Without any readable field the type still needs one: its key, which a selection is then refused for.
    const shown =
      this.readFields !== undefined && this.readFields.length > 0
        ? this.readFields
        : entity.keyFields.length > 0
          ? entity.keyFields
          : entity.fields.slice(0, 1)
    this.object = new GraphQLObjectType({
      name: names.type,
      description: entity.description,
      fields: () => this.#objectFields(shown),
    })
    this.connection = new GraphQLObjectType({
      name: names.connection,
      description: `A page of ${names.type} records.`,
      fields: () => ({
        items: {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.object))),
          description: 'The records of this page.',
        },
        endCursor: { type: GraphQLString, description: 'Pass as `after` to get the next page; null on the last page.' },
        hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Whether more records follow.' },
        totalCount: {
          type: new GraphQLNonNull(GraphQLInt),
          description:
            'How many records match the filter and your row policy, on all pages together. Counted only when selected (a scan of every matching row).',
        },
        ...(this.options.groupBy?.(this) ?? {}),
      }),
    })
    this.filterInput = new GraphQLInputObjectType({
      name: names.filterInput,
      description: `Conditions on ${names.type} records; several fields are combined with and.`,
      fields: () => this.#filterFields(),
    })
    this.orderByInput = new GraphQLInputObjectType({
      name: names.orderByInput,
      description: `Sort order of ${names.type} records, in the order the fields are written.`,
      // Every readable field but arrays, as in Data API builder (a document may order by any of them); core refuses,
      // per request, a type the database cannot order by (binary, JSON).
      fields: () =>
        Object.fromEntries(
          (this.readFields ?? [])
            .filter((f) => f.type !== 'array')
            .map((f) => [f.name, { type: OrderByEnum, description: f.description }]),
        ),
    })
    this.createInput = buildCreateInput(this, options.multipleCreate)
    this.updateInput = buildUpdateInput(this)
  }

  /** Key fields as non-null arguments of `update{T}` and `delete{T}` (`updateBook(id: Int!, …)`), as in Data API builder. */
  keyArguments(): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(
      this.entity.keyFields.map((f) => [
        f.name,
        { type: new GraphQLNonNull(graphqlScalar(f.type)), description: f.description },
      ]),
    )
  }

  /**
   * Key fields as arguments of `{t}_by_pk`, typed as Data API builder types them: like the field itself, so a key
   * column the database reports as nullable (any view column on PostgreSQL) gives a nullable argument. Core refuses
   * a null key value per request.
   */
  byKeyArguments(): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(
      this.entity.keyFields.map((f) => {
        const type = graphqlScalar(f.type)
        return [f.name, { type: f.nullable ? type : new GraphQLNonNull(type), description: f.description }]
      }),
    )
  }

  /** `first`, `after`, `filter`, `orderBy` of a list query or a `many` relationship field. */
  listArguments(): GraphQLFieldConfigArgumentMap {
    return {
      first: {
        type: GraphQLInt,
        description: 'Page size; -1 for the maximum page size. Default: the default page size.',
      },
      after: { type: GraphQLString, description: 'The `endCursor` of the previous page.' },
      filter: { type: this.filterInput },
      orderBy: { type: this.orderByInput },
    }
  }

  /** The types of another published entity (relationship targets). */
  get lookup(): EntityTypeLookup {
    return this.options.lookup
  }

  /** Relationships whose target is published, with the target's types. */
  relationships(): Array<{ readonly relationship: RelationshipModel; readonly target: EntityTypes }> {
    const out: Array<{ relationship: RelationshipModel; target: EntityTypes }> = []
    for (const relationship of this.entity.relationships.values()) {
      const target = this.options.lookup(relationship.target)
      if (target !== undefined && target.readFields !== undefined) out.push({ relationship, target })
    }
    return out
  }

  #objectFields(shown: readonly FieldModel[]): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const f of shown) {
      const type = graphqlScalar(f.type)
      fields[f.name] = { type: f.nullable ? type : new GraphQLNonNull(type), description: f.description }
    }
    for (const { relationship, target } of this.relationships()) {
      const one = relationship.cardinality === 'one'
      // `many` is a nullable page, as in Data API builder (Sluice always returns one, empty or not).
      const type: GraphQLOutputType = one
        ? relationship.nullable
          ? target.object
          : new GraphQLNonNull(target.object)
        : target.connection
      fields[relationship.name] = {
        type,
        description: `${one ? 'The related' : 'The related page of'} ${target.names.type} ${one ? 'record' : 'records'}.`,
        ...(one ? {} : { args: target.listArguments() }),
        // The nested value is written under the response key (alias), so two aliases with different arguments coexist.
        resolve: (source, _args, _context, info) =>
          (source as Record<string, unknown>)[info.path.key as string] ?? null,
      }
    }
    return fields
  }

  #filterFields(): GraphQLInputFieldConfigMap {
    const fields: GraphQLInputFieldConfigMap = {}
    for (const f of this.readFields ?? [])
      fields[f.name] = { type: this.options.filters.for(f.type), description: f.description }
    for (const { relationship, target } of this.relationships()) {
      fields[relationship.name] = {
        type: target.filterInput,
        description: `A related ${target.names.type} record matches.`,
      }
    }
    // `[{T}FilterInput]` as in Data API builder: a client may declare `($and: [BookFilterInput])`; null items are skipped.
    fields['and'] = { type: new GraphQLList(this.filterInput), description: 'All of these conditions hold.' }
    fields['or'] = { type: new GraphQLList(this.filterInput), description: 'At least one of these conditions holds.' }
    return fields
  }
}
