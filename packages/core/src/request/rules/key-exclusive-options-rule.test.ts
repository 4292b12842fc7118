import { describe, expect, it } from 'vitest'
import { buildLibraryModel, entityOf } from '../../../test/support/library-model.js'
import type { OperationRequest } from '../operation-request.js'
import { REST_TERMS } from '../request-terms.js'
import { keyExclusiveOptionsRule } from './key-exclusive-options-rule.js'

const books = entityOf(buildLibraryModel(), 'Book')
const read = (options: Partial<OperationRequest>): OperationRequest => ({
  operation: 'read',
  entity: 'Book',
  ...options,
})

describe('keyExclusiveOptionsRule', () => {
  it('lets a by-key read without list options, and any list read, through', () => {
    expect(() => keyExclusiveOptionsRule(read({ key: { id: '1' } }), books, REST_TERMS)).not.toThrow()
    expect(() => keyExclusiveOptionsRule(read({ first: 5, count: true }), books, REST_TERMS)).not.toThrow()
  })

  it("names every list option a by-key read carries, in the protocol's terms", () => {
    expect(() =>
      keyExclusiveOptionsRule(read({ key: { id: '1' }, first: 5, after: 'x', count: true }), books, REST_TERMS),
    ).toThrow(
      expect.objectContaining({
        code: 'SLUICE_ERR_INVALID_QUERY_PARAMETER',
        message: expect.stringContaining('$first, $after, $count (not supported with a primary key)'),
      }),
    )
  })
})
