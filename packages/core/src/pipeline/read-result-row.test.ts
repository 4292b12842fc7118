import { describe, expect, it } from 'vitest'
import type { ColumnRef } from '../plan/predicate-node.js'
import type { OutputColumn, PageResult } from '../plan/select-plan.js'
import type { ReturnedRecord } from '../plan/write-plan.js'
import { readPageRow, readSingleRow, readWriteRow } from './read-result-row.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const columns: OutputColumn[] = [
  { name: 'key', column: col('id'), type: 'int' },
  { name: 'big', column: col('big'), type: 'long' },
]
const page = (limit: number, cursorColumns: ColumnRef[] = [col('id')]): PageResult => ({
  mode: 'page',
  limit,
  fetch: limit + 1,
  cursorColumns,
})

describe('readPageRow', () => {
  it('cuts the extra row and reads the cursor from the last kept record', () => {
    const data = '[{"key":1,"big":5}, \n {"key":2,"big":6}, \n {"key":3,"big":7}]'
    expect(readPageRow([{ data }], page(2), columns)).toEqual({
      kind: 'page',
      json: '[{"key":1,"big":5}, \n {"key":2,"big":6}]',
      more: true,
      cursor: ['2'],
    })
  })

  it('reads a leading integer key from the text, and leaves every other form to the JSON parser', () => {
    const cursorOf = (last: string, names: OutputColumn[] = columns): unknown =>
      readPageRow([{ data: `[${last}, \n {"key":0}]` }], page(1), names).cursor
    expect(cursorOf('{"key":100,"big":5}')).toEqual(['100'])
    expect(cursorOf('{"key":-7}')).toEqual(['-7'])
    expect(cursorOf('{"key":0,"big":1}')).toEqual(['0'])
    expect(cursorOf('{"big":5,"key":12}')).toEqual(['12'])
    expect(cursorOf('{"key": 3}')).toEqual(['3'])
    expect(cursorOf('{"key":1.5e2}')).toEqual(['150'])
    expect(cursorOf('{"key":null}')).toEqual([null])
    expect(cursorOf('{"key":"x,y"}', [{ name: 'key', column: col('id'), type: 'string' }])).toEqual(['x,y'])
    expect(cursorOf('{"ke\\"y":4}', [{ name: 'ke"y', column: col('id'), type: 'int' }])).toEqual(['4'])
    expect(cursorOf('{"key":123456789012345678}')).toEqual([String(123456789012345678)])
  })

  it('prefers cursor values the statement returned (exact 64-bit values)', () => {
    const data = '[{"key":1,"big":9007199254740993}, \n {"key":2,"big":1}]'
    expect(readPageRow([{ data, cursor: '["9007199254740993"]' }], page(1, [col('big')]), columns).cursor).toEqual([
      '9007199254740993',
    ])
  })

  it('keeps a page that fits, and reads an empty page', () => {
    expect(readPageRow([{ data: '[{"key":1}]' }], page(2), columns)).toEqual({
      kind: 'page',
      json: '[{"key":1}]',
      more: false,
      cursor: null,
    })
    expect(readPageRow([{ data: null }], page(2), columns)).toEqual({
      kind: 'page',
      json: null,
      more: false,
      cursor: null,
    })
  })

  it('accepts the "more" form with data already cut to the limit', () => {
    expect(readPageRow([{ data: '[1]', more: 't', cursor: ['1', null] }], page(1), columns)).toEqual({
      kind: 'page',
      json: '[1]',
      more: true,
      cursor: ['1', null],
    })
  })
})

describe("an answer the database could not build (data '')", () => {
  it('is a 413 for a page, a record and an aggregation, never an empty or missing answer', () => {
    const tooLarge = expect.objectContaining({
      code: 'SLUICE_ERR_DATABASE_RESULT_TOO_LARGE',
      status: 413,
      message: expect.stringMatching(/max_allowed_packet/),
    })
    expect(() => readPageRow([{ data: '' }], page(2), columns)).toThrow(tooLarge)
    expect(() => readPageRow([{ data: '', count: 7 }], page(2), columns, true)).toThrow(tooLarge)
    expect(() => readSingleRow([{ data: '' }])).toThrow(tooLarge)
    expect(() => readSingleRow([{ data: Buffer.alloc(0) }])).toThrow(tooLarge)
  })

  it('leaves no row, NULL and an empty array as they were', () => {
    expect(readSingleRow([])).toEqual({ kind: 'single', json: null })
    expect(readSingleRow([{ data: '[]' }])).toEqual({ kind: 'single', json: '[]' })
    expect(readPageRow([{ data: '[]' }], page(2), columns).json).toBe('[]')
  })
})

describe('readWriteRow', () => {
  const returning = (keyInRecord?: string[]): ReturnedRecord => ({
    columns,
    visible: undefined,
    keyColumns: [col('id')],
    keyInRecord,
  })

  it('reads the key the statement returned', () => {
    expect(readWriteRow([{ data: '{"key":7}', key: '["7"]' }], true)).toEqual({
      kind: 'write',
      written: true,
      inserted: true,
      json: '{"key":7}',
      key: ['7'],
    })
    expect(readWriteRow([{ data: '{"key":7}', key: '["8"]' }], true, returning(['key'])).key).toEqual(['8'])
  })

  it('reads the key from the record when the plan says it is there and the statement left it out', () => {
    const keyOf = (data: string | null, names: string[]): unknown =>
      readWriteRow([{ data }], true, returning(names)).key
    expect(keyOf('{"key":10001,"big":5}', ['key'])).toEqual(['10001'])
    expect(keyOf('{"big":5,"key":12}', ['key'])).toEqual(['12'])
    expect(keyOf('{ "key": 3 }', ['key'])).toEqual(['3'])
    expect(keyOf('{"code":"a\\"b","n":2}', ['code', 'n'])).toEqual(['a"b', '2'])
    expect(keyOf(null, ['key'])).toBeNull()
    expect(readWriteRow([{ data: '{"key":1}' }], true).key).toBeNull()
    expect(readWriteRow([], true, returning(['key']))).toEqual({
      kind: 'write',
      written: false,
      inserted: false,
      json: null,
      key: null,
    })
  })
})
