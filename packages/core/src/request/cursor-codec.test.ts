import { describe, expect, it } from 'vitest'
import { CursorCodec } from './cursor-codec.js'

const order = [{ name: 'title', direction: 'desc' as const }, { name: 'id', direction: 'asc' as const }]

describe('CursorCodec', () => {
  const codec = new CursorCodec('secret')

  it('round-trips values for the same entity and ordering', () => {
    const token = codec.encode('Book', order, ['Dune', '7'])
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(codec.decode(token, 'Book', order)).toEqual({ ok: true, values: ['Dune', '7'] })
  })

  it('hides the values it carries', () => {
    const token = codec.encode('Book', order, ['Secret Title', '7'])
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('Secret')
  })

  it('rejects a cursor for another entity or ordering', () => {
    const token = codec.encode('Book', order, ['Dune', null])
    expect(codec.decode(token, 'Author', order).ok).toBe(false)
    expect(codec.decode(token, 'Book', [{ name: 'id', direction: 'asc' }]).ok).toBe(false)
    expect(codec.decode(token, 'Book', [{ name: 'title', direction: 'asc' }, { name: 'id', direction: 'asc' }]).ok).toBe(false)
  })

  it('rejects altered, truncated, foreign and junk tokens', () => {
    const token = codec.encode('Book', order, ['Dune', '7'])
    const bytes = Buffer.from(token, 'base64url')
    bytes[14] = bytes[14]! ^ 1
    expect(codec.decode(bytes.toString('base64url'), 'Book', order).ok).toBe(false)
    expect(codec.decode(token.slice(0, 20), 'Book', order).ok).toBe(false)
    expect(new CursorCodec('other').decode(token, 'Book', order).ok).toBe(false)
    for (const junk of ['', '!!!', 'eyJ0ZXN0IjoxfQ', '%00', 'a'.repeat(5000)]) {
      expect(codec.decode(junk, 'Book', order).ok).toBe(false)
    }
  })
})
