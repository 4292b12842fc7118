import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/**
 * A stored procedure takes parameters only: its first result set comes back whole. SPEC §Stored procedures rule 3
 * says filtering, ordering and paging (`$filter`, `$orderby`, `$first`, `$after`) have no effect, so they are
 * ignored (the parse stage never reads them for `execute`); a selection, a key, a body, relationships or
 * aggregation would change what the caller gets back, so those are refused rather than silently dropped.
 */
export const procedureOptionsRule: RequestRule = (request, entity, terms) => {
  if (request.operation !== 'execute') return
  const option =
    request.key !== undefined
      ? terms.key
      : request.select !== undefined
        ? terms.select
        : request.body !== undefined || request.items !== undefined
          ? terms.body
          : request.relations !== undefined
            ? 'a relationship selection'
            : request.aggregate !== undefined
              ? 'aggregation'
              : request.count === true
                ? terms.count
                : undefined
  if (option !== undefined) throw new SluiceError('SLUICE_ERR_PROCEDURE_OPTION', { option, entity: entity.name })
}
