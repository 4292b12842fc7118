import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/** Reads and writes address tables and views; stored procedures are executed, never read or written as rows. */
export const operationSourceRule: RequestRule = (request, entity) => {
  if (entity.kind === 'stored-procedure') {
    throw new SluiceError('SLUICE_ERR_METHOD_NOT_ALLOWED', { method: request.operation, entity: entity.name, allow: 'POST' })
  }
}
