import { describe, expect, it } from 'vitest'
import { CursorCodec } from './cursor-codec.js'

const order = [
  { name: 'title', direction: 'desc' as const },
  { name: 'id', direction: 'asc' as const },
]

describe.each([false, true])('CursorCodec (conceal: %s)', (conceal) => {
  const codec = new CursorCodec('secret')

  it('round-trips values for the same entity and ordering', () => {
    const token = codec.encode('Book', order, ['Dune', '7'], conceal)
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(codec.decode(token, 'Book', order)).toEqual({ ok: true, values: ['Dune', '7'] })
  })

  it('rejects a cursor for another entity or ordering', () => {
    const token = codec.encode('Book', order, ['Dune', null], conceal)
    expect(codec.decode(token, 'Author', order)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('different query'),
    })
    expect(codec.decode(token, 'Book', [{ name: 'id', direction: 'asc' }]).ok).toBe(false)
    expect(
      codec.decode(token, 'Book', [
        { name: 'title', direction: 'asc' },
        { name: 'id', direction: 'asc' },
      ]).ok,
    ).toBe(false)
  })

  it('rejects every single-bit alteration, truncation, a foreign key and junk', () => {
    const token = codec.encode('Book', order, ['Dune', '7'], conceal)
    const bytes = Buffer.from(token, 'base64url')
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes)
      altered[i] = altered[i]! ^ 1
      expect(codec.decode(altered.toString('base64url'), 'Book', order).ok, `byte ${i}`).toBe(false)
    }
    expect(codec.decode(token.slice(0, 20), 'Book', order).ok).toBe(false)
    expect(new CursorCodec('other').decode(token, 'Book', order).ok).toBe(false)
    for (const junk of ['', '!!!', 'eyJ0ZXN0IjoxfQ', '%00', 'a'.repeat(5000)])
      expect(codec.decode(junk, 'Book', order).ok).toBe(false)
  })

  it('accepts only the canonical base64url it issued: no extra, padded or non-zero trailing characters', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    // Titles of four lengths give tokens of every length modulo 4, so every kind of tail is tried.
    const tokens = ['D', 'Du', 'Dun', 'Dune'].map((title) => codec.encode('Book', order, [title, '7'], conceal))
    expect(new Set(tokens.map((t) => t.length % 4)).size).toBeGreaterThan(1)
    for (const token of tokens) {
      expect(codec.decode(token, 'Book', order).ok).toBe(true)
      // Lenient decoders drop a dangling sixth character and ignore the unused low bits of the last one.
      for (const extra of ['A', 'Q', '-', '_', 'AA', 'AAA', '=', '=='])
        expect(codec.decode(`${token}${extra}`, 'Book', order).ok, `${token}+${extra}`).toBe(false)
      if ((6 * token.length) % 8 === 0) continue
      const sibling = alphabet[alphabet.indexOf(token.at(-1)!) ^ 1]!
      expect(codec.decode(`${token.slice(0, -1)}${sibling}`, 'Book', order).ok, `${token} last bit`).toBe(false)
    }
  })
})

describe('CursorCodec concealment', () => {
  it('hides values only when asked to', () => {
    const codec = new CursorCodec('secret')
    const text = (conceal: boolean): string =>
      Buffer.from(codec.encode('Book', order, ['Secret Title', '7'], conceal), 'base64url').toString('latin1')
    expect(text(true)).not.toContain('Secret')
    expect(text(false)).toContain('Secret')
  })
})

describe('CursorCodec position cursors (keyless views)', () => {
  const codec = new CursorCodec('secret')
  const order = [{ name: 'title', direction: 'asc' as const }]
  it('round-trips an offset bound to the entity and ordering, and is told apart from a keyset cursor', () => {
    expect(codec.decode(codec.encodeOffset('View', order, 200), 'View', order)).toEqual({ ok: true, offset: 200 })
    expect(codec.decode(codec.encodeOffset('View', order, 200), 'Other', order).ok).toBe(false)
    expect(codec.decode(codec.encode('View', order, ['a']), 'View', order)).toEqual({ ok: true, values: ['a'] })
  })
})

describe('CursorCodec signed cursors, remembered by content', () => {
  it("hands out the same cursor for the same content, never another secret's, and stays right once older ones are forgotten", () => {
    const codec = new CursorCodec('secret')
    const other = new CursorCodec('another secret')
    const first = codec.encode('Book', order, ['Dune', '7'])
    expect(codec.encode('Book', order, ['Dune', '7'])).toBe(first)
    expect(codec.encode('Book', order, ['Dune', '8'])).not.toBe(first)
    expect(other.encode('Book', order, ['Dune', '7'])).not.toBe(first)
    expect(other.decode(first, 'Book', order).ok).toBe(false)
    for (let i = 0; i < 5000; i++) codec.encode('Book', order, ['Dune', String(i)])
    expect(codec.encode('Book', order, ['Dune', '7'])).toBe(first)
    expect(codec.decode(first, 'Book', order)).toEqual({ ok: true, values: ['Dune', '7'] })
  })
})

describe('CursorCodec shared orderings', () => {
  it('writes the same cursor for a shared (frozen) ordering as for a per-request one, and keeps entities apart', () => {
    const codec = new CursorCodec('secret')
    const shared = Object.freeze(order.map((t) => Object.freeze({ ...t })))
    for (let i = 0; i < 2; i++)
      expect(codec.encode('Book', shared, ['Dune', '7'])).toBe(codec.encode('Book', [...order], ['Dune', '7']))
    const other = codec.encode('Novel', shared, ['Dune', '7'])
    expect(codec.decode(other, 'Novel', order)).toEqual({ ok: true, values: ['Dune', '7'] })
    expect(codec.decode(other, 'Book', shared).ok).toBe(false)
    expect(codec.decode(codec.encode('Book', shared, ['Dune', '7']), 'Book', order)).toEqual({
      ok: true,
      values: ['Dune', '7'],
    })
  })
})
