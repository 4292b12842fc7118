import {
  GraphQLInterfaceType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLResolveInfo,
} from 'graphql'
import type { ChangeKind, ServiceModel, SubscriptionHub } from '@sluice/core/protocol'
import type { EntityTypes } from '../schema/entity-types.js'
import { lowerFirst } from '../schema/entity-names.js'
import { collectSubfields } from '../resolve/collect-fields.js'
import { GRAPHQL_TERMS, type GraphQLContext } from '../resolve/graphql-context.js'
import { buildListOptions, buildReadSelection, type ReadScope } from '../resolve/read-selection.js'
import { followChanges } from './follow-changes.js'

type Args = Readonly<Record<string, unknown>>

/** What every subscription payload holds (Data API builder's `SubscriptionEvent`). */
const EVENT_FIELDS = {
  eventId: { type: new GraphQLNonNull(GraphQLString), description: 'Unique per change.' },
  utcDateTime: {
    type: new GraphQLNonNull(GraphQLString),
    description: 'When the change was published (ISO 8601, UTC).',
  },
  actorRole: { type: new GraphQLNonNull(GraphQLString), description: 'The role of the request that made the change.' },
} as const

/** The interface every entity's payload type implements; one per schema. */
export function subscriptionEventInterface(): GraphQLInterfaceType {
  return new GraphQLInterfaceType({
    name: 'SubscriptionEvent',
    description: 'A change to a record, as the subscriber may read it.',
    fields: EVENT_FIELDS,
  })
}

/**
 * The subscription fields of an entity that publishes its changes, named as Data API builder's pull request #3548
 * names them: `<singular>Created`, `<singular>Updated`, `<singular>Deleted` with the first letter lower-cased, one per
 * configured event, each taking the entity's `filter`. The payload is `{ eventId, utcDateTime, actorRole, record }`;
 * `record` is the row as the subscriber's own read shows it (core decides which changes it sees, see
 * `SubscriptionHub`), with the fields of its selection set. A subscription the server ends (too slow, expired,
 * shutting down) gets one last payload whose error says why.
 */
export function addSubscriptionFields(
  t: EntityTypes,
  model: ServiceModel,
  hub: SubscriptionHub,
  lookup: (entityName: string) => EntityTypes | undefined,
  eventInterface: GraphQLInterfaceType,
  into: GraphQLFieldConfigMap<unknown, GraphQLContext>,
): void {
  if (t.readFields === undefined) return
  const payload = new GraphQLObjectType({
    name: `${t.names.type}SubscriptionPayload`,
    description: `A change to a ${t.names.type} record.`,
    interfaces: [eventInterface],
    fields: { ...EVENT_FIELDS, record: { type: new GraphQLNonNull(t.object), description: 'The record.' } },
  })
  const { filter } = t.listArguments()
  for (const kind of t.entity.graphql.subscription.events) {
    const field: GraphQLFieldConfig<unknown, GraphQLContext, Args> = {
      type: payload,
      description: `Each ${t.names.type} record ${kind} that the caller's read (with this filter) would return.`,
      args: filter === undefined ? {} : { filter },
      subscribe: (_source, args, context, info) => subscribe(t, kind, args, context, info),
      resolve: resolvePayload,
    }
    into[`${lowerFirst(t.names.type)}${kind[0]!.toUpperCase()}${kind.slice(1)}`] = field
  }

  function subscribe(t: EntityTypes, kind: ChangeKind, args: Args, context: GraphQLContext, info: GraphQLResolveInfo) {
    const scope: ReadScope = {
      fragments: info.fragments,
      variableValues: info.variableValues,
      rawVariables: context.rawVariables,
      model,
      types: lookup,
    }
    const payloadFields = collectSubfields(info.fieldNodes, scope)
    const recordFields = collectSubfields(
      payloadFields.filter((f) => f.name === 'record').flatMap((f) => f.nodes),
      scope,
    )
    const { select, relations } = buildReadSelection(t.entity, t.object, recordFields, scope)
    const { filter } = buildListOptions(t.entity, args, info.fieldNodes[0]!, scope)
    return followChanges(
      hub,
      {
        request: { operation: 'read', entity: t.entity.name, select, relations, filter, terms: GRAPHQL_TERMS },
        context: context.request,
        kinds: [kind],
        connection: context.connection ?? context,
      },
      context,
    )
  }
}

/** A payload, or the error that ended the subscription (raised here, so graphql-js reports it in `errors`). */
function resolvePayload(payload: unknown): unknown {
  if (payload instanceof Error) throw payload
  return payload
}
