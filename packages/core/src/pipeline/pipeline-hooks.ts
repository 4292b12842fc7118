import type { QueryPlan } from '../plan/query-plan.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { ParseOutcome } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { OperationResult } from './operation-result.js'
import type { ResultSet } from './result-set.js'
import type { Executed } from './stage.js'

/** Seen by an observing hook before its stage runs. */
export interface ObserveEvent<I> {
  readonly input: I
  readonly context: RequestContext
}

/** Seen by a hook on a replaceable stage: it may swap the input, or supply the output and skip the stage. */
export interface ReplaceEvent<I, O> extends ObserveEvent<I> {
  setInput(input: I): void
  setOutput(output: O): void
}

/** Returned from a hook to run after the stage. Replaceable stages may swap the output. */
export type AfterObserve<O> = (event: { readonly output: O }) => void
export type AfterReplace<O> = (event: { readonly output: O; setOutput(output: O): void }) => void
/**
 * Returned from a hook (instead of a bare after-callback) to also hear of failure: `after` runs when the stage
 * succeeds, `onError` when it throws (the error still propagates; a span or timer can be closed).
 */
export interface StageObserver<A> {
  readonly after?: A
  readonly onError?: (event: { readonly error: unknown }) => void
}

/**
 * Pipeline hooks, envelop style: a plain object of optional functions, contributed by plugins. A hook may return an
 * after-callback, or a `StageObserver` to hear of failure too. Hooks on `authorize` and `fieldFilter` only observe: security decisions cannot be replaced by a
 * hook. Hook arrays are sorted once at boot; a stage without hooks costs nothing extra.
 */
export interface PipelineHooks {
  readonly name?: string
  onParse?(
    event: ReplaceEvent<OperationRequest, ParseOutcome>,
  ): void | AfterReplace<ParseOutcome> | StageObserver<AfterReplace<ParseOutcome>>
  onAuthorize?(
    event: ObserveEvent<ParseOutcome>,
  ): void | AfterObserve<AuthorizedRequest> | StageObserver<AfterObserve<AuthorizedRequest>>
  onFieldFilter?(
    event: ObserveEvent<AuthorizedRequest>,
  ): void | AfterObserve<AuthorizedRequest> | StageObserver<AfterObserve<AuthorizedRequest>>
  onPlan?(
    event: ReplaceEvent<AuthorizedRequest, QueryPlan>,
  ): void | AfterReplace<QueryPlan> | StageObserver<AfterReplace<QueryPlan>>
  onExecute?(
    event: ReplaceEvent<QueryPlan, ResultSet>,
  ): void | AfterReplace<ResultSet> | StageObserver<AfterReplace<ResultSet>>
  onShape?(
    event: ReplaceEvent<Executed, OperationResult>,
  ): void | AfterReplace<OperationResult> | StageObserver<AfterReplace<OperationResult>>
}
