import { describe, expect, it } from 'vitest'
import type { FixtureTable } from '../src/fixture.js'
import {
  MESSAGES,
  predictWrite,
  buildRowKeyId,
  type ModelRequest,
  type TableModel,
} from '../src/oracle/predict-write.js'

const chosen: FixtureTable = {
  name: 'c',
  columns: [
    { name: 'k', type: 'text', nullable: false },
    { name: 'n', type: 'int', nullable: false },
    { name: 'note', type: 'text', nullable: true },
  ],
  primaryKey: ['k'],
  rows: [{ k: 'a', n: 1, note: 'x' }],
}

const generated: FixtureTable = {
  name: 'g',
  columns: [
    { name: 'p', type: 'int', nullable: false },
    { name: 'id', type: 'bigint', nullable: false, generated: true },
    { name: 'note', type: 'text', nullable: true },
  ],
  primaryKey: ['p', 'id'],
  rows: [{ p: 1, id: 1n, note: null }],
}

function model(table: FixtureTable): TableModel {
  return { table, rows: new Map(table.rows.map((row) => [buildRowKeyId(table, row), row])) }
}

const request = (r: Partial<ModelRequest> & Pick<ModelRequest, 'method'>): ModelRequest => ({
  urlKey: {},
  body: undefined,
  ifMatch: false,
  ...r,
})

describe('the write model', () => {
  it('upserts on a chosen key: PUT replaces (NULL for omitted), PATCH merges, absent rows are inserted', () => {
    expect(predictWrite(model(chosen), request({ method: 'PUT', urlKey: { k: 'a' }, body: { n: 2 } }))).toEqual({
      kind: 'updated',
      row: { k: 'a', n: 2, note: null },
    })
    expect(predictWrite(model(chosen), request({ method: 'PATCH', urlKey: { k: 'a' }, body: {} }))).toEqual({
      kind: 'updated',
      row: { k: 'a', n: 1, note: 'x' },
    })
    expect(predictWrite(model(chosen), request({ method: 'PUT', urlKey: { k: 'b' }, body: { n: 2 } }))).toEqual({
      kind: 'created',
      row: { k: 'b', n: 2, note: null },
      generated: [],
      location: 'optional',
    })
    expect(predictWrite(model(chosen), request({ method: 'PUT', urlKey: { k: 'a' }, body: { note: 'y' } }))).toEqual({
      kind: 'error',
      accept: [{ status: 400, code: 'Bad Request', message: MESSAGES.missingField('n'), prefix: false }],
    })
    expect(predictWrite(model(chosen), request({ method: 'PATCH', urlKey: { k: 'b' }, body: {} }))).toEqual({
      kind: 'error',
      accept: [{ status: 400, code: 'Bad Request', message: MESSAGES.notNull, prefix: true }],
    })
  })

  it('answers If-Match: * with update-only, and POST on an existing key with 409', () => {
    expect(
      predictWrite(model(chosen), request({ method: 'PATCH', urlKey: { k: 'b' }, body: { n: 1 }, ifMatch: true })),
    ).toEqual({ kind: 'error', accept: [{ status: 404, code: 'Not Found', message: MESSAGES.updateNotFound }] })
    expect(predictWrite(model(chosen), request({ method: 'POST', body: { k: 'a', n: 5 } })).kind).toBe('error')
    expect(predictWrite(model(chosen), request({ method: 'PUT', body: { n: 5 } }))).toEqual({
      kind: 'error',
      accept: [{ status: 400, code: 'Bad Request', message: MESSAGES.keyRequired, prefix: false }],
    })
  })

  it('treats a generated key as update-only by key, and inserts keyless with the chosen part', () => {
    expect(predictWrite(model(generated), request({ method: 'PUT', urlKey: { p: 1, id: 7n }, body: {} }))).toEqual({
      kind: 'error',
      accept: [
        {
          status: 404,
          code: 'Not Found',
          message: 'Cannot perform INSERT and could not find g with primary key <p: 1, id: 7> to perform UPDATE on.',
        },
      ],
    })
    const keyless = predictWrite(model(generated), request({ method: 'PATCH', urlKey: { p: 3 }, body: { note: 'n' } }))
    expect(keyless).toMatchObject({ kind: 'created', row: { p: 3, note: 'n' }, location: 'required' })
    expect(
      predictWrite(model(generated), request({ method: 'PUT', urlKey: { p: 3 }, body: {}, ifMatch: true })).kind,
    ).toBe('error')
    expect(predictWrite(model(generated), request({ method: 'DELETE', urlKey: { p: 1, id: 2n } }))).toEqual({
      kind: 'error',
      accept: [{ status: 404, code: 'Not Found', message: 'Could not find item with <p: 1, id: 2>' }],
    })
    expect(predictWrite(model(generated), request({ method: 'DELETE', urlKey: { p: 1, id: 1n } })).kind).toBe('deleted')
  })

  it('lets a DELETE body be empty, and refuses fields and junk in it before looking for the row', () => {
    expect(predictWrite(model(chosen), request({ method: 'DELETE', urlKey: { k: 'a' }, deleteBody: '{}' })).kind).toBe(
      'deleted',
    )
    expect(
      predictWrite(model(chosen), request({ method: 'DELETE', urlKey: { k: 'zz' }, deleteBody: '{"k":"zz"}' })),
    ).toEqual({
      kind: 'error',
      accept: [{ status: 400, code: 'Bad Request', message: MESSAGES.invalidField('k'), prefix: false }],
    })
    expect(predictWrite(model(chosen), request({ method: 'DELETE', urlKey: { k: 'a' }, deleteBody: '[1]' }))).toEqual({
      kind: 'error',
      accept: [{ status: 400, code: 'Bad Request', message: MESSAGES.bodyArray, prefix: false }],
    })
  })
})
