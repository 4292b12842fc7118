import type { ExecutionPlan } from '../plan/query-plan.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'

/**
 * An operation authorized and planned by `Pipeline.prepare`, its statement claimed from the request's budget, not
 * yet run: `Pipeline.execute` runs it. A multiple create is planned record by record inside its transaction, so it
 * is carried as it was asked.
 */
export type PreparedOperation =
  | { readonly kind: 'planned'; readonly request: AuthorizedRequest; readonly plan: ExecutionPlan }
  | { readonly kind: 'multiple-create'; readonly request: OperationRequest }
