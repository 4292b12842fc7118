import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLOutputType,
} from 'graphql'
import type { EntityModel } from '@sluice/core/protocol'
import { GRAPHQL_TERMS, type GraphQLContext } from '../resolve/graphql-context.js'
import { parseRecords, readResult } from '../resolve/parse-records.js'
import { resolveRootOutcome } from '../resolve/root-outcome.js'
import { ROOT_PLANNER, type RootPlanner } from '../resolve/root-plan.js'
import type { EntityNames } from './entity-names.js'
import { GraphQLJSON, graphqlScalar } from './scalars.js'

/**
 * `execute{T}` for a stored-procedure entity (SPEC §Stored procedures rule 6): its parameters become arguments
 * (non-null when required), the rows of the first result set come back as `[T!]`, `T` typed as Data API builder
 * types it (fields non-null where the result column is; `{ result: String }` for a procedure without a result set).
 * When the engine cannot describe the result before running it, each row is a `JSON` value.
 */
export function procedureField(entity: EntityModel, names: EntityNames): GraphQLFieldConfig<unknown, GraphQLContext> {
  const procedure = entity.procedure!
  const args: GraphQLFieldConfigArgumentMap = {}
  for (const p of procedure.parameters) {
    const type = graphqlScalar(p.type)
    args[p.name] = { type: p.required ? new GraphQLNonNull(type) : type, description: p.description }
  }
  const resultFields = procedure.resultFields
  const row: GraphQLOutputType =
    resultFields === undefined
      ? GraphQLJSON
      : new GraphQLObjectType({
          name: names.type,
          description: entity.description,
          fields:
            resultFields.length === 0
              ? // No result set (Data API builder's shape): a `result` field, and no rows.
                {
                  result: {
                    type: GraphQLString,
                    description: 'The procedure returns no result set; the list is empty.',
                  },
                }
              : Object.fromEntries(
                  resultFields.map((f) => {
                    const type = graphqlScalar(f.type)
                    return [f.name, { type: f.nullable ? type : new GraphQLNonNull(type), description: f.description }]
                  }),
                ),
        })
  return {
    // Nullable (Data API builder: `[T!]!`) so that a failed call leaves the other root fields' data in place.
    type: new GraphQLList(new GraphQLNonNull(row)),
    description: entity.description ?? `Runs the stored procedure of ${entity.name}.`,
    args: Object.keys(args).length === 0 ? undefined : args,
    extensions: { [ROOT_PLANNER]: planExecute(entity) },
    resolve: resolveRootOutcome,
  }
}

/** One call of the procedure with the arguments given; its value is the first result set's rows. */
function planExecute(entity: EntityModel): RootPlanner {
  return (given) => {
    const parameters: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(given)) if (value !== undefined) parameters[name] = value
    return {
      requests: [{ operation: 'execute', entity: entity.name, parameters, terms: GRAPHQL_TERMS }],
      finish: (results, context) => parseRecords(readResult(results[0]).json, context),
    }
  }
}
