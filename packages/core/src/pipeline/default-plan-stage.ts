import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { Dialect } from '../dialect/dialect.js'
import { SluiceError } from '../errors/sluice-error.js'
import { buildExecutePlan } from '../plan/build-execute-plan.js'
import { buildSelectPlan } from '../plan/build-select-plan.js'
import { buildWritePlan } from '../plan/build-write-plan.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { ScopedRequest } from '../request/parsed-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { PlanStage } from './stage.js'

/** Turns a scoped request into a plan tree with its shape key. No SQL text is produced here. */
@injectable()
export class DefaultPlanStage implements PlanStage {
  readonly #nativeUpsert: boolean
  readonly #nestedReads: boolean
  readonly #aggregation: boolean
  readonly #streamingReads: boolean

  constructor(@inject(Tokens.Dialect) dialect: Dialect) {
    this.#nativeUpsert = dialect.capabilities.nativeUpsert
    this.#nestedReads = dialect.capabilities.nestedReads
    this.#aggregation = dialect.capabilities.aggregation
    this.#streamingReads = dialect.capabilities.streamingReads
  }

  run(request: ScopedRequest, context: RequestContext): ExecutionPlan {
    if (request.operation === 'execute') return buildExecutePlan(request)
    if (request.write !== undefined) return buildWritePlan(request, this.#nativeUpsert)
    // A dialect that cannot build these into one statement refuses clearly instead of dropping them.
    if (request.relations.length > 0 && !this.#nestedReads) {
      throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', { feature: 'Nested relationship reads (capability nestedReads)' })
    }
    if (request.aggregate !== undefined && !this.#aggregation) throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', { feature: 'Aggregation (capability aggregation)' })
    return buildSelectPlan(request, this.#streamingReads && context.streamReads === true)
  }
}
