import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/**
 * Reads and writes address tables and views; stored procedures are executed, never read or written as rows, and
 * only procedures are executed.
 */
export const operationSourceRule: RequestRule = (request, entity) => {
  const procedure = entity.kind === 'stored-procedure'
  if (procedure !== (request.operation === 'execute')) {
    const allow = procedure
      ? entity.rest.methods.map((m) => m.toUpperCase()).join(', ')
      : 'GET, POST, PUT, PATCH, DELETE'
    throw new SluiceError('SLUICE_ERR_METHOD_NOT_ALLOWED', { method: request.operation, entity: entity.name, allow })
  }
}
