import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/**
 * A stored procedure takes parameters only: its first result set comes back whole, so selection, filtering,
 * ordering, paging, keys and bodies have no meaning (SPEC §Stored procedures rule 3) and are refused rather than
 * silently ignored.
 */
export const procedureOptionsRule: RequestRule = (request, entity, terms) => {
  if (request.operation !== 'execute') return
  const option = request.key !== undefined ? terms.key
    : request.select !== undefined ? terms.select
      : request.filter !== undefined ? terms.filter
        : request.orderBy !== undefined ? terms.orderBy
          : request.first !== undefined ? terms.first
            : request.after !== undefined ? terms.after
              : request.body !== undefined || request.items !== undefined ? terms.body
                : request.relations !== undefined ? 'a relationship selection'
                  : request.aggregate !== undefined ? 'aggregation'
                    : undefined
  if (option !== undefined) throw new SluiceError('SLUICE_ERR_PROCEDURE_OPTION', { option, entity: entity.name })
}
