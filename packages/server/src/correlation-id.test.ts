import { describe, expect, it } from 'vitest'
import { readCorrelationId } from './correlation-id.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('readCorrelationId', () => {
  it('keeps a GUID the client sent, in lower-case hyphenated form', () => {
    expect(readCorrelationId('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301')
    expect(readCorrelationId('{3f2504e0-4f89-11d3-9a0c-0305e82c3301}')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301')
    expect(readCorrelationId('(3f2504e0-4f89-11d3-9a0c-0305e82c3301)')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301')
    expect(readCorrelationId('3f2504e04f8911d39a0c0305e82c3301')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301')
  })

  it.each([
    undefined,
    '',
    'Invalid Guid',
    '{3f2504e0-4f89-11d3-9a0c-0305e82c3301)',
    '3f2504e0-4f89-11d3-9a0c-0305e82c330',
    ['a', 'b'],
  ])('makes a new GUID when the header is absent or not a GUID (%j)', (header) => {
    const id = readCorrelationId(header)
    expect(id).toMatch(UUID)
    expect(readCorrelationId(header)).not.toBe(id)
  })
})
