import { describe, expect, it } from 'vitest'
import type { StreamResult } from '../plan/select-plan.js'
import { readStreamRows } from './read-stream-rows.js'

type Rows = readonly Record<string, unknown>[]

const RESULT: StreamResult = {
  mode: 'stream',
  limit: 3,
  fetch: 4,
  cursorColumns: [{ kind: 'column', table: 't', column: 'id' } as never],
}

/** A driver stream over fixed chunks that records whether it was closed early. */
function chunks(...list: Rows[]) {
  const state = { returned: false, read: 0 }
  const iterator: AsyncIterator<Rows> = {
    next: async () =>
      state.read < list.length ? { done: false, value: list[state.read++]! } : { done: true, value: undefined },
    return: async () => {
      state.returned = true
      return { done: true, value: undefined }
    },
  }
  return { iterator, state }
}

const row = (id: number) => ({ data: `{"id":${id}}`, c0: String(id) })

async function collect(records: AsyncIterable<readonly string[]>): Promise<string[][]> {
  const out: string[][] = []
  for await (const chunk of records) out.push([...chunk])
  return out
}

describe('readStreamRows', () => {
  it('passes records through chunk by chunk and ends without a next page when fewer than limit + 1 arrive', async () => {
    const { iterator } = chunks([row(1), row(2)], [row(3)])
    const set = readStreamRows(await iterator.next(), iterator, RESULT)
    expect(await collect(set.records)).toEqual([['{"id":1}', '{"id":2}'], ['{"id":3}']])
    expect(set.end()).toEqual({ more: false, cursor: null })
  })

  it("stops at row limit + 1, reports a next page with row limit's cursor, and closes the cursor", async () => {
    const { iterator, state } = chunks([row(1), row(2)], [row(3), row(4)], [row(5)])
    const set = readStreamRows(await iterator.next(), iterator, RESULT)
    expect(await collect(set.records)).toEqual([['{"id":1}', '{"id":2}'], ['{"id":3}']])
    expect(set.end()).toEqual({ more: true, cursor: ['3'] })
    expect(state.returned).toBe(true)
  })

  it('refuses to tell the paging state before the records were read', async () => {
    const { iterator } = chunks([row(1)])
    const set = readStreamRows(await iterator.next(), iterator, RESULT)
    expect(() => set.end()).toThrow(/only after its records were read/)
  })

  it('releases the database cursor when closed before reading, and when iteration stops early', async () => {
    const unread = chunks([row(1)], [row(2)])
    await readStreamRows(await unread.iterator.next(), unread.iterator, RESULT).close()
    expect(unread.state.returned).toBe(true)

    const early = chunks([row(1)], [row(2)], [row(3)])
    const set = readStreamRows(await early.iterator.next(), early.iterator, RESULT)
    for await (const chunk of set.records) {
      expect(chunk).toEqual(['{"id":1}'])
      break
    }
    expect(early.state.returned).toBe(true)
  })

  it("ends the stream with a 413 error at a record its engine could not build (data ''), never an empty record", async () => {
    const { iterator } = chunks([row(1), { data: '', c0: '2' }])
    const set = readStreamRows(await iterator.next(), iterator, RESULT)
    await expect(collect(set.records)).rejects.toMatchObject({
      code: 'SLUICE_ERR_DATABASE_RESULT_TOO_LARGE',
      status: 413,
    })
  })
})
