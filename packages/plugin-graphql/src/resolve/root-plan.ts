import type { GraphQLField } from 'graphql'
import type { OperationRequest, OperationResult, RequestContext } from '@sluice/core/protocol'
import type { CollectedField, SelectionScope } from './collect-fields.js'

/**
 * What one root field of a document asks of core, worked out before anything runs: the pipeline requests, in the
 * order they run (a delete reads its record first; a list reads its records, then each `groupBy`), and how their
 * results become the field's value. Every root field of a document is planned — and every request prepared, so the
 * request's whole budget is checked — before any of them runs.
 */
export interface RootPlan {
  readonly requests: readonly OperationRequest[]
  /** The field's value from the results of `requests`, in order (`context.state` learns of exact numbers). */
  finish(results: readonly OperationResult[], context: ResultContext): unknown
}

/** What finishing a field may record for the whole response: it holds integers beyond 2^53 (`parseRecords`). */
export interface ResultContext {
  readonly state: { exactNumbers: boolean }
}

/** What became of a planned root field: its plan with the results of its requests, or what stopped it. */
export type RootOutcome =
  { readonly plan: RootPlan; readonly results: readonly OperationResult[] } | { readonly error: unknown }

/** The root field being planned: its selection, and the fields selected below it. */
export interface RootSelection {
  readonly field: CollectedField
  readonly subfields: readonly CollectedField[]
}

/** The document's fragments and coerced variables, and the variables as sent (`orderBy` keeps their order). */
export interface DocumentScope extends SelectionScope {
  readonly rawVariables: Readonly<Record<string, unknown>>
}

/**
 * Plans a root field from its coerced arguments. Throws a `SluiceError` for what the caller asked wrongly (a field
 * it may not read, a key it may not change): that field then answers with an error entry, the others as planned.
 */
export type RootPlanner = (
  args: Readonly<Record<string, unknown>>,
  root: RootSelection,
  scope: DocumentScope,
  context: RequestContext,
) => RootPlan

/** The key under which a root field's `extensions` hold its {@link RootPlanner}. */
export const ROOT_PLANNER = 'sluicePlanner'

export function rootPlanner(field: GraphQLField<unknown, unknown>): RootPlanner | undefined {
  return field.extensions[ROOT_PLANNER] as RootPlanner | undefined
}
