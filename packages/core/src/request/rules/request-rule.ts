import type { EntityModel } from '../../model/service-model.js'
import type { OperationRequest } from '../operation-request.js'
import type { RequestTerms } from '../request-terms.js'

/**
 * One check on a protocol-neutral request, before binding (graphql-js style: a small function per file, collected
 * in `specifiedRequestRules`). Throws a coded `SluiceError` when the request breaks it.
 */
export type RequestRule = (request: OperationRequest, entity: EntityModel, terms: RequestTerms) => void
