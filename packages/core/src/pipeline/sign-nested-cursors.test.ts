import { describe, expect, it } from 'vitest'
import { CursorCodec } from '../request/cursor-codec.js'
import { signNestedCursors } from './sign-nested-cursors.js'

const codec = new CursorCodec('secret')
const nested = {
  marker: { kind: 'param' as const, index: 0 },
  value: 'c0ffee00-0000-4000-8000-000000000000',
  cursors: [
    { entity: 'Review', order: [{ name: 'id', direction: 'asc' as const }], conceal: false, signed: true },
    {
      entity: 'Author',
      order: [
        { name: 'name', direction: 'desc' as const },
        { name: 'id', direction: 'asc' as const },
      ],
      conceal: true,
      signed: true,
    },
    { entity: 'Loan', order: [{ name: 'id', direction: 'asc' as const }], conceal: false, signed: false },
  ],
}

describe('signNestedCursors', () => {
  it('replaces each marked cursor with a cursor the codec accepts for that entity and ordering', () => {
    const json =
      `[{"id":1,"reviews":{"items":[],"hasNextPage":true,"endCursor":"${nested.value}0:[\\"7\\"]"},` +
      `"authors":{"items":[{"name":"a \\"quoted\\" name"}],"hasNextPage":true,"endCursor":"${nested.value}1:[\\"O'Brien \\\\\\"x\\\\\\"\\", \\"3\\"]"}}]`
    const out = JSON.parse(signNestedCursors(json, nested, codec))
    expect(codec.decode(out[0].reviews.endCursor, 'Review', nested.cursors[0]!.order)).toEqual({
      ok: true,
      values: ['7'],
    })
    expect(codec.decode(out[0].authors.endCursor, 'Author', nested.cursors[1]!.order)).toEqual({
      ok: true,
      values: ['O\'Brien "x"', '3'],
    })
    expect(out[0].authors.items[0].name).toBe('a "quoted" name')
  })

  it('writes null for a cursor nobody reads, without signing it', () => {
    const json = `[{"loans":{"items":[],"hasNextPage":true,"endCursor":"${nested.value}2:[\\"9\\"]"},"reviews":{"endCursor":"${nested.value}0:[\\"7\\"]"}}]`
    const out = JSON.parse(signNestedCursors(json, nested, codec))
    expect(out[0].loans).toEqual({ items: [], hasNextPage: true, endCursor: null })
    expect(codec.decode(out[0].reviews.endCursor, 'Review', nested.cursors[0]!.order)).toEqual({
      ok: true,
      values: ['7'],
    })
  })

  it('leaves text without the marker untouched, including look-alikes with another marker', () => {
    const json = '[{"endCursor":null,"note":"c0ffee00-0000-4000-8000-00000000000X0:[\\"1\\"]"}]'
    expect(signNestedCursors(json, nested, codec)).toBe(json)
  })
})
