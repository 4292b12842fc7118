import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/** Reads (and later writes) address tables and views; stored procedures are executed, never read as collections. */
export const operationSourceRule: RequestRule = (request, entity) => {
  if (request.operation === 'read' && entity.kind === 'stored-procedure') {
    throw new SluiceError('SLUICE_ERR_METHOD_NOT_ALLOWED', { method: 'read', entity: entity.name })
  }
}
