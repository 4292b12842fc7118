import { describe, expect, it } from 'vitest'
import { reshapeExpandedArray, reshapeExpandedRecord, type ExpandedLevel, type ExpandedRelation, type MoreMembers } from './reshape-expanded-json.js'

const level = (relations: ExpandedRelation[] = [], hidden: string[] = []): ExpandedLevel => ({ relations: new Map(relations.map((r) => [r.name, r])), hidden: new Set(hidden) })
const many = (name: string, inner = level(), count = false): ExpandedRelation => ({ name, many: true, count, level: inner })
const one = (name: string, inner = level()): ExpandedRelation => ({ name, many: false, count: false, level: inner })
const link: MoreMembers = (relation, record, cursor) => `"${relation.name}@next":${JSON.stringify(`${record('id')}:${cursor}`)}`

describe('reshapeExpandedArray', () => {
  it('turns connections into arrays with @count before and the caller\'s members after when more exist', () => {
    // PostgreSQL's json_build_object spacing, a 64-bit integer and escapes that must survive untouched.
    const json = '[{"id":9007199254740993,"title":"a \\"q\\" } ]","authors" : {"items" : [{"id":1}], "hasNextPage" : true, "endCursor" : "CUR", "totalCount" : 7}},'
      + ' {"id":2,"title":"b","authors":{"items":[],"hasNextPage":false,"endCursor":null,"totalCount":0}}]'
    expect(reshapeExpandedArray(json, level([many('authors', level(), true)]), link)).toBe(
      '[{"id":9007199254740993,"title":"a \\"q\\" } ]","authors@count":7,"authors":[{"id":1}],"authors@next":"9007199254740993:CUR"},'
      + '{"id":2,"title":"b","authors@count":0,"authors":[]}]',
    )
  })

  it('keeps one-relationships as objects or null and rewrites what they nest', () => {
    const json = '[{"id":1,"publisher":{"name":"P","books":{"items":[{"id":3}],"hasNextPage":false,"endCursor":null}}},{"id":2,"publisher":null}]'
    expect(reshapeExpandedArray(json, level([one('publisher', level([many('books')]))]), link)).toBe(
      '[{"id":1,"publisher":{"name":"P","books":[{"id":3}]}},{"id":2,"publisher":null}]',
    )
  })

  it('leaves out hidden members, after the links were built from them', () => {
    const json = '[{"title":"t","id":5,"authors":{"items":[{"id":1}],"hasNextPage":true,"endCursor":"C"}}]'
    expect(reshapeExpandedArray(json, level([many('authors')], ['id']), link)).toBe('[{"title":"t","authors":[{"id":1}],"authors@next":"5:C"}]')
  })

  it('rewrites nested lists at any depth and leaves other JSON values alone', () => {
    const json = '[{"doc":{"items":[1],"hasNextPage":true},"a":{"items":[{"b":{"items":[{"x":[1,{"y":"}"}]}],"hasNextPage":false,"endCursor":null}}],"hasNextPage":false,"endCursor":null}}]'
    expect(reshapeExpandedArray(json, level([many('a', level([many('b')]))]), link)).toBe('[{"doc":{"items":[1],"hasNextPage":true},"a":[{"b":[{"x":[1,{"y":"}"}]}]}]}]')
  })

  it('rewrites one streamed record, and empty arrays', () => {
    expect(reshapeExpandedRecord('{"id":1,"a":{"items":[],"hasNextPage":false,"endCursor":null}}', level([many('a')]), link)).toBe('{"id":1,"a":[]}')
    expect(reshapeExpandedArray('[]', level([many('a')]), link)).toBe('[]')
  })
})
