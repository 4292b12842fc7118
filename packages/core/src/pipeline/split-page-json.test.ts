import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitPageJson } from './split-page-json.js'

const page = (n: number): string =>
  `[${Array.from({ length: n }, (_, i) => `{"i":${i + 1},"s":"a,\\n b"}`).join(', \n ')}]`

describe('splitPageJson', () => {
  for (const recordPerLine of [true, false]) {
    describe(
      recordPerLine ? 'records one per line (the fast path a dialect promises)' : 'any layout (the structure scanned)',
      () => {
        it('keeps a page with at most limit elements', () => {
          expect(splitPageJson(page(3), 3, recordPerLine)).toEqual({
            json: page(3),
            more: false,
            lastElement: undefined,
          })
          expect(splitPageJson(page(1), 1, recordPerLine)).toEqual({
            json: page(1),
            more: false,
            lastElement: undefined,
          })
        })

        it('cuts the extra element and returns the last kept one', () => {
          expect(splitPageJson(page(4), 3, recordPerLine)).toEqual({
            json: page(3),
            more: true,
            lastElement: '{"i":3,"s":"a,\\n b"}',
          })
          expect(splitPageJson(page(2), 1, recordPerLine)).toEqual({
            json: page(1),
            more: true,
            lastElement: '{"i":1,"s":"a,\\n b"}',
          })
        })
      },
    )
  }

  it('reads a page written with no newlines, or pretty-printed, as the same records', () => {
    const records = fc.array(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }), { minLength: 0, maxLength: 8 })
    fc.assert(
      fc.property(records, fc.integer({ min: 1, max: 8 }), fc.constantFrom(0, 2, undefined), (rows, limit, indent) => {
        const text = indent === undefined ? JSON.stringify(rows) : JSON.stringify(rows, null, indent)
        const split = splitPageJson(text, limit)
        // Compared as JSON text: what JSON cannot keep (-0, a "__proto__" key's object identity) is not the split's concern.
        expect(split.json.replace(/\s/g, '')).toBe(JSON.stringify(rows.slice(0, limit)).replace(/\s/g, ''))
        expect(split.more).toBe(rows.length > limit)
        expect(split.lastElement === undefined ? undefined : JSON.stringify(JSON.parse(split.lastElement))).toBe(
          rows.length > limit ? JSON.stringify(rows[limit - 1]) : undefined,
        )
      }),
    )
  })
})
