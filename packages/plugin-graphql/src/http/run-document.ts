import { getArgumentValues, type GraphQLObjectType, type OperationDefinitionNode } from 'graphql'
import {
  isSluiceError,
  type OperationResult,
  type Pipeline,
  type PreparedOperation,
  type RequestContext,
} from '@sluice/core/protocol'
import { collectFields, collectSubfields } from '../resolve/collect-fields.js'
import { rootPlanner, type DocumentScope, type RootOutcome, type RootPlan } from '../resolve/root-plan.js'

/** A root field to run: its plan (or what stopped planning it) and the context its requests run with. */
export interface PlannedRoot {
  readonly key: string
  readonly plan: RootPlan | undefined
  readonly error: unknown
  readonly context: RequestContext
}

/** Errors of the request's budget: they refuse the whole document, before any statement runs. */
const BUDGET_ERRORS: ReadonlySet<string> = new Set(['SLUICE_ERR_QUERY_COST', 'SLUICE_ERR_TOO_MANY_STATEMENTS'])

export function isBudgetError(error: unknown): boolean {
  return isSluiceError(error) && BUDGET_ERRORS.has(error.code)
}

/**
 * Plans every root field of an operation, as graphql-js will execute it (fragments spread, `@skip`/`@include`
 * applied with the coerced variables): fields with a planner (see `RootPlan`) get their requests; `__typename` and
 * introspection are graphql-js's own. A field whose arguments or selection the caller got wrong keeps its error for
 * its entry. `streamed`: the response key whose reads may come back as a stream (the fast path's single list).
 */
export function planDocument(
  rootType: GraphQLObjectType,
  operation: OperationDefinitionNode,
  scope: DocumentScope,
  context: RequestContext,
  streamed: string | undefined,
): PlannedRoot[] {
  const definitions = rootType.getFields()
  const planned: PlannedRoot[] = []
  for (const field of collectFields([operation.selectionSet], scope)) {
    const definition = definitions[field.name]
    const planner = definition === undefined ? undefined : rootPlanner(definition)
    if (planner === undefined) continue
    const rootContext = field.responseKey === streamed ? { ...context, streamReads: true } : context
    try {
      const args = getArgumentValues(definition!, field.nodes[0]!, scope.variableValues as Record<string, unknown>)
      const plan = planner(args, { field, subfields: collectSubfields(field.nodes, scope) }, scope, context)
      planned.push({ key: field.responseKey, plan, error: undefined, context: rootContext })
    } catch (error) {
      planned.push({ key: field.responseKey, plan: undefined, error, context: rootContext })
    }
  }
  return planned
}

/**
 * Runs a planned document. Every request of every root field is prepared first — authorized, planned and claimed
 * from the request's budget — so a document over a bound is refused whole (the budget's error is thrown) before any
 * statement runs. Then the statements run: a query's root fields side by side, a mutation's one after another
 * (GraphQL's serial execution: a failed field does not stop the next); within a root field, its requests in order,
 * the first failure ending it. Each root field's outcome is kept for graphql-js (or the fast path) to write.
 */
export async function runDocument(
  planned: readonly PlannedRoot[],
  pipeline: Pipeline,
  serial: boolean,
): Promise<Map<string, RootOutcome>> {
  const prepared: (readonly PreparedOperation[] | undefined)[] = []
  const outcomes = new Map<string, RootOutcome>()
  for (const root of planned) {
    if (root.plan === undefined) {
      outcomes.set(root.key, { error: root.error })
      prepared.push(undefined)
      continue
    }
    try {
      const operations: PreparedOperation[] = []
      for (const request of root.plan.requests) operations.push(await pipeline.prepare(request, root.context))
      prepared.push(operations)
    } catch (error) {
      if (isBudgetError(error)) throw error
      outcomes.set(root.key, { error })
      prepared.push(undefined)
    }
  }
  const run = async (index: number): Promise<void> => {
    const root = planned[index]!
    const operations = prepared[index]
    if (operations === undefined) return
    const results: OperationResult[] = []
    try {
      for (const operation of operations) results.push(await pipeline.execute(operation, root.context))
      outcomes.set(root.key, { plan: root.plan!, results })
    } catch (error) {
      outcomes.set(root.key, { error })
    }
  }
  if (serial) {
    for (let i = 0; i < planned.length; i++) await run(i)
  } else {
    await Promise.all(planned.map((_, i) => run(i)))
  }
  return outcomes
}
