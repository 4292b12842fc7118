import { GraphQLObjectType, GraphQLSchema, GraphQLString, type GraphQLFieldConfigMap } from 'graphql'
import type { EntityModel, ServiceModel, SubscriptionHub } from '@sluice/core/protocol'
import { addSubscriptionFields, subscriptionEventInterface } from '../live/subscription-fields.js'
import type { GraphQLContext } from '../resolve/graphql-context.js'
import { RootFields } from '../resolve/root-fields.js'
import { groupByFields } from './aggregate-types.js'
import { checkGraphQLNames } from './check-graphql-names.js'
import { entityNames } from './entity-names.js'
import { EntityTypes } from './entity-types.js'
import { procedureField } from './procedure-field.js'
import { ScalarFilterInputs } from './scalar-filter-inputs.js'
import { visibleFields } from './visible-fields.js'

type Fields = GraphQLFieldConfigMap<unknown, GraphQLContext>

/**
 * The GraphQL schema of a service model, built once at start-up with Data API builder's names (dab.md §4.1).
 * Entities with `graphql.enabled: false` are left out. An operation appears only when some role may perform it, and
 * a type shows only fields some role may use (dab.md §4.6: one schema for every role); each request is still
 * authorized against the caller's own role in core. Illegal or colliding names stop the start-up.
 */
export function buildGraphQLSchema(model: ServiceModel, live?: SubscriptionHub): GraphQLSchema {
  const graphql = model.config.runtime.graphql
  const published = [...model.entities.values()].filter((e) => e.graphql.enabled)
  checkGraphQLNames(published)
  const filters = new ScalarFilterInputs()
  const byName = new Map<string, EntityTypes>()
  const options = {
    filters,
    lookup: (name: string) => byName.get(name),
    multipleCreate: graphql.multipleCreate,
    groupBy: graphql.enableAggregation ? (types: EntityTypes) => groupByFields(types, filters) : undefined,
  }
  for (const entity of published) {
    if (entity.kind !== 'stored-procedure') byName.set(entity.name, new EntityTypes(entity, options))
  }
  const roots = new RootFields(model, options.lookup)
  const query: Fields = {}
  const mutation: Fields = {}
  for (const entity of published) {
    if (entity.kind === 'stored-procedure') addProcedure(entity, query, mutation)
    else addEntity(byName.get(entity.name)!, roots, query, mutation, graphql.multipleCreate)
  }
  // Subscriptions for the entities that publish their changes (live data), when the host serves them.
  const subscription: Fields = {}
  if (live !== undefined) {
    const eventInterface = subscriptionEventInterface()
    for (const t of byName.values())
      if (live.publishes(t.entity.name))
        addSubscriptionFields(t, model, live, options.lookup, eventInterface, subscription)
  }
  if (Object.keys(query).length === 0) {
    query['_empty'] = {
      type: GraphQLString,
      description: 'No entity can be read through GraphQL; this placeholder keeps the schema valid.',
      resolve: () => null,
    }
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation:
      Object.keys(mutation).length === 0 ? undefined : new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
    subscription:
      Object.keys(subscription).length === 0
        ? undefined
        : new GraphQLObjectType({ name: 'Subscription', fields: subscription }),
  })
}

function addEntity(t: EntityTypes, roots: RootFields, query: Fields, mutation: Fields, multipleCreate: boolean): void {
  const keyed = t.entity.keyFields.length > 0
  if (t.readFields !== undefined) {
    query[t.names.list] = roots.list(t)
    if (keyed) query[t.names.byKey] = roots.byKey(t)
  }
  if (t.createInput !== undefined) {
    mutation[t.names.create] = roots.create(t)
    if (multipleCreate) mutation[t.names.createMany] = roots.createMany(t)
  }
  if (t.updateInput !== undefined) mutation[t.names.update] = roots.update(t)
  if (t.canDelete && keyed) mutation[t.names.delete] = roots.delete(t)
}

function addProcedure(entity: EntityModel, query: Fields, mutation: Fields): void {
  if (entity.procedure === undefined || visibleFields(entity, 'execute') === undefined) return
  const names = entityNames(entity)
  const target = entity.graphql.operation === 'query' ? query : mutation
  target[names.execute] = procedureField(entity, names)
}
