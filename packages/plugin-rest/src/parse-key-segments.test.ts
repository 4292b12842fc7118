import { describe, expect, it } from 'vitest'
import { parseKeySegments } from './parse-key-segments.js'

describe('parseKeySegments', () => {
  it('reads name/value pairs, and nothing for no segments', () => {
    expect(parseKeySegments([])).toBeUndefined()
    expect({ ...parseKeySegments(['book_id', '1', 'author_id', '2']) }).toEqual({ book_id: '1', author_id: '2' })
  })

  it('reports a lone segment as a value without a name (/Book/1)', () => {
    expect(() => parseKeySegments(['1'])).toThrow(expect.objectContaining({ code: 'SLUICE_ERR_IMPLICIT_KEY' }))
  })

  it('reports a lone segment followed by a slash as a key name without a value (/Book/id/)', () => {
    expect(() => parseKeySegments(['id'], true)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_KEY_WITHOUT_VALUE', params: { name: 'id' } }),
    )
  })

  it('reports a trailing name without a value after complete pairs', () => {
    expect(() => parseKeySegments(['book_id', '1', 'author_id'])).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_KEY_WITHOUT_VALUE' }),
    )
  })

  it('reports a repeated key name', () => {
    expect(() => parseKeySegments(['id', '1', 'id', '2'])).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_DUPLICATE_KEY' }),
    )
  })
})
