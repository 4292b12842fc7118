import { fc, it } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import {
  reshapeExpandedArray,
  reshapeExpandedRecord,
  type ExpandedLevel,
  type ExpandedRelation,
  type MoreMembers,
} from './reshape-expanded-json.js'

const level = (relations: ExpandedRelation[] = [], hidden: string[] = []): ExpandedLevel => ({
  relations: new Map(relations.map((r) => [r.name, r])),
  hidden: new Set(hidden),
})
const many = (name: string, inner = level(), count = false): ExpandedRelation => ({
  name,
  many: true,
  count,
  level: inner,
})
const one = (name: string, inner = level()): ExpandedRelation => ({ name, many: false, count: false, level: inner })
const link: MoreMembers = (relation, record, cursor) =>
  `"${relation.name}@next":${JSON.stringify(`${record('id')}:${cursor}`)}`

describe('reshapeExpandedArray', () => {
  it("turns connections into arrays with @count before and the caller's members after when more exist", () => {
    // PostgreSQL's json_build_object spacing, a 64-bit integer and escapes that must survive untouched.
    const json =
      '[{"id":9007199254740993,"title":"a \\"q\\" } ]","authors" : {"items" : [{"id":1}], "hasNextPage" : true, "endCursor" : "CUR", "totalCount" : 7}},' +
      ' {"id":2,"title":"b","authors":{"items":[],"hasNextPage":false,"endCursor":null,"totalCount":0}}]'
    expect(reshapeExpandedArray(json, level([many('authors', level(), true)]), link)).toBe(
      '[{"id":9007199254740993,"title":"a \\"q\\" } ]","authors@count":7,"authors":[{"id":1}],"authors@next":"9007199254740993:CUR"},' +
        '{"id":2,"title":"b","authors@count":0,"authors":[]}]',
    )
  })

  it('keeps one-relationships as objects or null and rewrites what they nest', () => {
    const json =
      '[{"id":1,"publisher":{"name":"P","books":{"items":[{"id":3}],"hasNextPage":false,"endCursor":null}}},{"id":2,"publisher":null}]'
    expect(reshapeExpandedArray(json, level([one('publisher', level([many('books')]))]), link)).toBe(
      '[{"id":1,"publisher":{"name":"P","books":[{"id":3}]}},{"id":2,"publisher":null}]',
    )
  })

  it('leaves out hidden members, after the links were built from them', () => {
    const json = '[{"title":"t","id":5,"authors":{"items":[{"id":1}],"hasNextPage":true,"endCursor":"C"}}]'
    expect(reshapeExpandedArray(json, level([many('authors')], ['id']), link)).toBe(
      '[{"title":"t","authors":[{"id":1}],"authors@next":"5:C"}]',
    )
  })

  it('rewrites nested lists at any depth and leaves other JSON values alone', () => {
    const json =
      '[{"doc":{"items":[1],"hasNextPage":true},"a":{"items":[{"b":{"items":[{"x":[1,{"y":"}"}]}],"hasNextPage":false,"endCursor":null}}],"hasNextPage":false,"endCursor":null}}]'
    expect(reshapeExpandedArray(json, level([many('a', level([many('b')]))]), link)).toBe(
      '[{"doc":{"items":[1],"hasNextPage":true},"a":[{"b":[{"x":[1,{"y":"}"}]}]}]}]',
    )
  })

  it('rewrites one streamed record, and empty arrays', () => {
    expect(
      reshapeExpandedRecord('{"id":1,"a":{"items":[],"hasNextPage":false,"endCursor":null}}', level([many('a')]), link),
    ).toBe('{"id":1,"a":[]}')
    expect(reshapeExpandedArray('[]', level([many('a')]), link)).toBe('[]')
  })
})

describe('reshapeExpandedArray with complete pages written as arrays', () => {
  it('returns text whose lists are all arrays as it is, unscanned', () => {
    const json =
      '[{"id":1,"publisher":{"name":"P"},"authors":[{"id":1,"books":[]}]}, \n {"id":2,"publisher":null,"authors":[]}]'
    expect(reshapeExpandedArray(json, level([one('publisher'), many('authors', level([many('books')]))]), link)).toBe(
      json,
    )
    expect(reshapeExpandedRecord('{"id":1,"authors":[]}', level([many('authors')]), link)).toBe('{"id":1,"authors":[]}')
  })

  it('rewrites the connection objects of pages with more records beside the arrays of complete ones', () => {
    const json =
      '[{"id":1,"authors":[{"id":1}]},{"id":2,"authors":{"items" : [{"id":2}], "hasNextPage" : true, "endCursor" : "C"}}]'
    expect(reshapeExpandedArray(json, level([many('authors')]), link)).toBe(
      '[{"id":1,"authors":[{"id":1}]},{"id":2,"authors":[{"id":2}],"authors@next":"2:C"}]',
    )
  })

  it('rewrites connection objects without paging values too', () => {
    expect(reshapeExpandedArray('[{"id":1,"authors":{"items":[{"id":1}]}}]', level([many('authors')]), link)).toBe(
      '[{"id":1,"authors":[{"id":1}]}]',
    )
  })

  it('scans when a field is named items, and still leaves hidden members and counts to the rewrite', () => {
    const json = '[{"id":1,"items":"x","authors":[{"id":1}]}]'
    expect(reshapeExpandedArray(json, level([many('authors')]), link)).toBe(
      '[{"id":1,"items":"x","authors":[{"id":1}]}]',
    )
    expect(reshapeExpandedArray('[{"id":1,"authors":[]}]', level([many('authors')], ['id']), link)).toBe(
      '[{"authors":[]}]',
    )
    expect(() =>
      reshapeExpandedArray('[{"id":1,"authors":[]}]', level([many('authors', level(), true)]), link),
    ).toThrow(/not counted/)
  })

  // Each list is either its items array (complete) or its connection object (more records, or a dialect that always
  // builds one); nothing hidden or counted.
  const plain = fc.dictionary(
    fc.string().filter((k) => !['id', 'many', 'inner', '__proto__'].includes(k)),
    fc.jsonValue(),
    { maxKeys: 3 },
  )
  const list = <T>(item: fc.Arbitrary<T>) =>
    fc.oneof(
      fc.array(item, { maxLength: 3 }),
      fc.record({
        items: fc.array(item, { maxLength: 3 }),
        hasNextPage: fc.boolean(),
        endCursor: fc.option(fc.string(), { nil: null }),
      }),
    )
  const child = fc.tuple(plain, list(plain)).map(([p, inner]) => ({ ...p, inner }))
  const record = fc.tuple(plain, list(child)).map(([p, many]) => ({ ...p, many }))
  const shape = level([many('many', level([many('inner')]))])
  const expected = (r: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(r)) {
      if (name !== 'many' && name !== 'inner') {
        out[name] = value
        continue
      }
      const items = Array.isArray(value) ? value : (value as { items: unknown[] }).items
      out[name] = items.map((item) => expected(item as Record<string, unknown>))
      const cursor = Array.isArray(value) ? null : (value as { endCursor: string | null }).endCursor
      if (cursor !== null) out[`${name}@next`] = `undefined:${cursor}`
    }
    return out
  }
  it.prop([fc.array(record, { maxLength: 4 })])('gives the records parsing and rebuilding them would', (records) => {
    const reshaped = reshapeExpandedArray(JSON.stringify(records), shape, link)
    expect(JSON.stringify(JSON.parse(reshaped))).toBe(JSON.stringify(records.map((r) => expected(r))))
  })
})

describe('reshapeExpandedArray against parsing', () => {
  // Records with plain members, a hidden `key`, a one-relationship and a counted many-relationship whose items nest
  // another many-relationship; the connections spaced as json_build_object spaces them, the records as json_agg does.
  const plain = fc.dictionary(
    fc.string().filter((k) => !['key', 'one', 'many', 'inner', '__proto__'].includes(k)),
    fc.jsonValue(),
    { maxKeys: 4 },
  )
  const connection = <T>(item: fc.Arbitrary<T>) =>
    fc.record({
      items: fc.array(item, { maxLength: 3 }),
      hasNextPage: fc.boolean(),
      endCursor: fc.option(fc.string(), { nil: null }),
      totalCount: fc.nat(),
    })
  const child = fc.tuple(plain, connection(plain)).map(([p, inner]) => ({ ...p, inner }))
  const record = fc
    .tuple(plain, fc.integer(), fc.option(plain, { nil: null }), connection(child))
    .map(([p, key, one, many]) => ({ ...p, key, one, many }))
  const inner = many('inner')
  const shape = level([one('one'), many('many', level([inner]), true)], ['key'])
  const write = (value: unknown): string =>
    JSON.stringify(value).replace(/"(items|hasNextPage|endCursor|totalCount)":/g, '"$1" : ')

  type Connection = { items: Record<string, unknown>[]; endCursor: string | null; totalCount: number }
  // The link names the record that holds the list by its `key` member (`undefined` for the children, which have none).
  const expected = (r: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(r)) {
      if (name === 'key') continue
      if (name === 'many' || name === 'inner') {
        const c = value as Connection
        if (name === 'many') out['many@count'] = c.totalCount
        out[name] = c.items.map((item) => expected(item))
        if (c.endCursor !== null) out[`${name}@next`] = `${String(r['key'])}:${c.endCursor}`
      } else out[name] = value
    }
    return out
  }
  const linkByKey: MoreMembers = (relation, r, cursor) =>
    `"${relation.name}@next":${JSON.stringify(`${r('key')}:${cursor}`)}`

  it.prop([fc.array(record, { maxLength: 4 })])(
    'gives the records parsing and rebuilding them would, member order kept',
    (records) => {
      const json = `[${records.map(write).join(', \n ')}]`
      const reshaped = reshapeExpandedArray(json, shape, linkByKey)
      const want = records.map((r) => expected(r))
      expect(JSON.stringify(JSON.parse(reshaped))).toBe(JSON.stringify(want))
    },
  )
})
