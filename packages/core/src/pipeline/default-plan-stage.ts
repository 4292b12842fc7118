import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { Dialect } from '../dialect/dialect.js'
import { buildExecutePlan } from '../plan/build-execute-plan.js'
import { buildSelectPlan } from '../plan/build-select-plan.js'
import { buildWritePlan } from '../plan/build-write-plan.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { ScopedRequest } from '../request/parsed-request.js'
import type { PlanStage } from './stage.js'

/** Turns a scoped request into a plan tree with its shape key. No SQL text is produced here. */
@injectable()
export class DefaultPlanStage implements PlanStage {
  readonly #nativeUpsert: boolean

  constructor(@inject(Tokens.Dialect) dialect: Dialect) {
    this.#nativeUpsert = dialect.capabilities.nativeUpsert
  }

  run(request: ScopedRequest): ExecutionPlan {
    if (request.operation === 'execute') return buildExecutePlan(request)
    return request.write === undefined ? buildSelectPlan(request) : buildWritePlan(request, this.#nativeUpsert)
  }
}
