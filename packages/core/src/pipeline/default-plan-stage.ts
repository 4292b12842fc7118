import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import { SluiceError } from '../errors/sluice-error.js'
import { buildExecutePlan } from '../plan/build-execute-plan.js'
import { buildSelectPlan } from '../plan/build-select-plan.js'
import { buildWritePlan } from '../plan/build-write-plan.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import { isAuthorizedAs, isAuthorizedRead, type AuthorizedRequest } from '../request/authorized-request.js'
import { invariant } from '../util/invariant.js'
import type { RequestContext } from '../request/request-context.js'
import type { PlanStage } from './stage.js'

/** Turns a scoped request into a plan tree with its shape key. No SQL text is produced here. */
@injectable()
export class DefaultPlanStage implements PlanStage {
  constructor(@inject(Tokens.DataSources) private readonly sources: DataSourceRegistry) {}

  run(request: AuthorizedRequest, context: RequestContext): ExecutionPlan {
    if (isAuthorizedAs(request, 'execute')) return buildExecutePlan(request)
    // What the entity's own data source can do.
    const capabilities = this.sources.get(request.parsed.entity.dataSource).dialect.capabilities
    if (isAuthorizedAs(request, 'write')) return buildWritePlan(request, capabilities.nativeUpsert)
    invariant(isAuthorizedRead(request), 'a request is a read, a write or a call')
    // A dialect that cannot build these into one statement refuses clearly instead of dropping them.
    if (request.relations.length > 0 && !capabilities.nestedReads) {
      throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', {
        feature: 'Nested relationship reads (capability nestedReads)',
      })
    }
    if (request.parsed.kind === 'aggregate' && !capabilities.aggregation)
      throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', { feature: 'Aggregation (capability aggregation)' })
    return buildSelectPlan(request, capabilities.streamingReads && context.streamReads === true)
  }
}
