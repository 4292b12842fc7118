import { injectable } from '../di/container.js'
import { buildSelectPlan } from '../plan/build-select-plan.js'
import type { QueryPlan } from '../plan/query-plan.js'
import type { ScopedRequest } from '../request/parsed-request.js'
import type { PlanStage } from './stage.js'

/** Turns a scoped request into a plan tree with its shape key. No SQL text is produced here. */
@injectable()
export class DefaultPlanStage implements PlanStage {
  run(request: ScopedRequest): QueryPlan {
    return buildSelectPlan(request)
  }
}
