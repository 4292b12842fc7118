import type { GraphQLResolveInfo } from 'graphql'
import { invariant } from '@sluice/core/protocol'
import type { GraphQLContext } from './graphql-context.js'

/**
 * The resolver of every planned root field. By the time graphql-js calls it the field's requests have run (see
 * `runDocument`), so it only turns their results into the field's value — or throws what stopped them, which
 * graphql-js reports as the field's error entry. Nothing runs twice.
 */
export function resolveRootOutcome(
  _source: unknown,
  _args: unknown,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
): unknown {
  const outcome = context.outcomes.get(info.path.key as string)
  invariant(outcome !== undefined, `root field ${String(info.path.key)} was planned before execution`)
  if ('error' in outcome) throw outcome.error
  return outcome.plan.finish(outcome.results, context)
}
