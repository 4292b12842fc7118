import { describe, expect, it } from 'vitest'
import type { ExecutePlan } from '../plan/execute-plan.js'
import { readExecuteRows } from './read-execute-rows.js'

const col = (column: string) => ({ kind: 'column' as const, table: 'r', column })
const plan: ExecutePlan = {
  kind: 'execute',
  shapeKey: 'k',
  procedure: { schema: undefined, name: 'p' },
  routine: 'procedure',
  arguments: [],
  outputParameters: [],
  alias: 'r',
  resultColumns: ['n', 'total', 'blob', 'at', 'hidden'],
  parameters: [],
  columns: [
    { name: 'count', column: col('n'), type: 'long' },
    { name: 'total', column: col('total'), type: 'decimal' },
    { name: 'blob', column: col('blob'), type: 'bytes' },
    { name: 'at', column: col('at'), type: 'datetime' },
  ],
}

describe('readExecuteRows', () => {
  it('takes the JSON the database built, and no rows as an empty result', () => {
    expect(readExecuteRows([{ data: '[{"a":1}]' }], plan, 'json')).toEqual({
      kind: 'page',
      json: '[{"a":1}]',
      more: false,
      cursor: null,
    })
    expect(readExecuteRows([{ data: null }], plan, 'json').json).toBeNull()
    expect(readExecuteRows([], plan, 'json').json).toBeNull()
  })

  it('writes driver rows under API names, only the permitted columns, numbers kept exact', () => {
    const rows = [
      {
        n: '9007199254740993',
        total: '12.50',
        blob: Uint8Array.from([1, 2, 3]),
        at: '2024-01-02T03:04:05',
        hidden: 'x',
      },
      { n: 5n, total: null, blob: null, at: new Date(Date.UTC(2020, 0, 1)), hidden: 'y' },
    ]
    const { json } = readExecuteRows(rows, plan, 'rows')
    expect(json).toBe(
      '[{"count":9007199254740993,"total":12.50,"blob":"AQID","at":"2024-01-02T03:04:05"},{"count":5,"total":null,"blob":null,"at":"2020-01-01T00:00:00.000Z"}]',
    )
  })

  it('keeps every column as named when the engine could not describe the result', () => {
    const { json } = readExecuteRows(
      [{ a: 1, b: 'two' }],
      { ...plan, columns: undefined, resultColumns: undefined },
      'rows',
    )
    expect(json).toBe('[{"a":1,"b":"two"}]')
    expect(readExecuteRows([], plan, 'rows').json).toBeNull()
  })

  it('does not write non-numeric text of a numeric column as a number', () => {
    expect(readExecuteRows([{ n: 'NaN' }], { ...plan, columns: [plan.columns![0]!] }, 'rows').json).toBe(
      '[{"count":"NaN"}]',
    )
  })
})
