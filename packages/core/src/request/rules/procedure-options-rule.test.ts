import { describe, expect, it } from 'vitest'
import { buildLibraryModel, entityOf } from '../../../test/support/library-model.js'
import { isSluiceError } from '../../errors/sluice-error.js'
import { Filter } from '../../filter/filter-node.js'
import type { EntityModel } from '../../model/service-model.js'
import type { OperationRequest } from '../operation-request.js'
import { REST_TERMS } from '../request-terms.js'
import { operationSourceRule } from './operation-source-rule.js'
import { procedureOptionsRule } from './procedure-options-rule.js'

const books = entityOf(buildLibraryModel(), 'Book')
// The rules look only at the entity's kind and REST methods; a procedure-shaped view of the Book entity suffices.
const procedure: EntityModel = {
  ...books,
  kind: 'stored-procedure',
  rest: { enabled: true, path: 'P', methods: ['get', 'post'] },
}

function codeOf(
  rule: typeof procedureOptionsRule,
  request: Omit<OperationRequest, 'entity'>,
  entity: EntityModel,
): string | undefined {
  try {
    rule({ ...request, entity: entity.name }, entity, REST_TERMS)
    return undefined
  } catch (error) {
    if (isSluiceError(error)) return `${error.code}: ${error.message}`
    throw error
  }
}

describe('procedure request rules', () => {
  it("refuses selection, keys, bodies and relations, naming them in the protocol's terms, and ignores paging options", () => {
    expect(codeOf(procedureOptionsRule, { operation: 'execute', parameters: { a: 1 } }, procedure)).toBeUndefined()
    expect(codeOf(procedureOptionsRule, { operation: 'execute', select: ['id'] }, procedure)).toBe(
      'SLUICE_ERR_PROCEDURE_OPTION: $select is not supported for stored procedure Book: procedures take only parameters.',
    )
    // SPEC §Stored procedures rule 3: filtering, ordering and paging have no effect
    for (const option of [{ first: 5 }, { after: 'x' }, { filter: Filter.constant(true) }, { orderBy: [] }]) {
      expect(codeOf(procedureOptionsRule, { operation: 'execute', ...option }, procedure)).toBeUndefined()
    }
    expect(codeOf(procedureOptionsRule, { operation: 'execute', key: { id: 1 } }, procedure)).toMatch(
      /primary key is not supported/,
    )
    expect(codeOf(procedureOptionsRule, { operation: 'execute', body: {} }, procedure)).toMatch(
      /request body is not supported/,
    )
    expect(codeOf(procedureOptionsRule, { operation: 'execute', relations: [] }, procedure)).toMatch(
      /relationship selection/,
    )
  })

  it('executes only procedures, and only executes them (405 with the allowed methods)', () => {
    expect(codeOf(operationSourceRule, { operation: 'execute' }, procedure)).toBeUndefined()
    expect(codeOf(operationSourceRule, { operation: 'read' }, procedure)).toBe(
      'SLUICE_ERR_METHOD_NOT_ALLOWED: Method read is not supported for entity Book.',
    )
    expect(codeOf(operationSourceRule, { operation: 'execute' }, books)).toBe(
      'SLUICE_ERR_METHOD_NOT_ALLOWED: Method execute is not supported for entity Book.',
    )
    expect(codeOf(operationSourceRule, { operation: 'read' }, books)).toBeUndefined()
  })
})
