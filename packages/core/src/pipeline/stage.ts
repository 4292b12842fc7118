import type { ExecutionPlan } from '../plan/query-plan.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { ParseOutcome } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { OperationResult } from './operation-result.js'
import type { ResultSet } from './result-set.js'

/** One step of the request pipeline. Synchronous stages return their output directly (no promise per stage). */
export interface Stage<I, O> {
  run(input: I, context: RequestContext): O | Promise<O>
}

/** Bind API names to the service model, coerce values, run request rules. */
export type ParseStage = Stage<OperationRequest, ParseOutcome>
/** Role × action (403) and the row policy for the caller. */
export type AuthorizeStage = Stage<ParseOutcome, AuthorizedRequest>
/** Permitted fields: a forbidden reference is a 400; hands the request on (or a narrower one). */
export type FieldFilterStage = Stage<AuthorizedRequest, AuthorizedRequest>
/** The plan tree and its shape key; no SQL text here. */
export type PlanStage = Stage<AuthorizedRequest, ExecutionPlan>
/** Compile (cached per shape), run, map database errors. */
export type ExecuteStage = Stage<ExecutionPlan, ResultSet>
/** Records for the protocol: JSON, paging state, next cursor. */
export type ShapeStage = Stage<Executed, OperationResult>

/** What the shape stage sees: the request, its plan and what the database returned. */
export interface Executed {
  readonly request: AuthorizedRequest
  readonly plan: ExecutionPlan
  readonly result: ResultSet
}
