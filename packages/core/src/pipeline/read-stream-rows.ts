import { SluiceError } from '../errors/sluice-error.js'
import type { StreamResult } from '../plan/select-plan.js'
import { readCount } from './read-result-row.js'
import type { StreamEnd, StreamResultSet } from './result-set.js'

/**
 * Turns a driver's row chunks (see `StreamResult`: one row per record with `data` and the cursor values `c0…cn`) into
 * a stream result: the record texts of at most `limit` rows, chunk by chunk; reading row `limit + 1` means there is a
 * next page, whose cursor is row `limit`'s values. The first chunk has already been read (`first`), so an error the
 * statement raises at once still becomes an error response rather than a cut-off body.
 */
export function readStreamRows(
  first: IteratorResult<readonly Record<string, unknown>[]>,
  rest: AsyncIterator<readonly Record<string, unknown>[]>,
  result: StreamResult,
  counted = false,
): StreamResultSet {
  let end: StreamEnd | undefined
  let released = false
  const release = async (): Promise<void> => {
    if (released) return
    released = true
    await rest.return?.()
  }
  const cursorCount = result.cursorColumns.length
  async function* records(): AsyncGenerator<readonly string[]> {
    let seen = 0
    let last: Record<string, unknown> | undefined
    let step = first
    try {
      while (step.done !== true) {
        const texts: string[] = []
        for (const row of step.value) {
          if (seen === result.limit) {
            end = { more: true, cursor: cursorOf(last!, cursorCount) }
            if (texts.length > 0) yield texts
            return
          }
          texts.push(recordText(row['data']))
          last = row
          seen++
        }
        if (texts.length > 0) yield texts
        step = await rest.next()
      }
      end = { more: false, cursor: null }
    } finally {
      // Stopping early (a next page, or a client that went away) closes the database cursor.
      if (step.done === true) released = true
      else await release()
    }
  }
  const generator = records()
  // Every row carries the count; a first page without rows has none to carry, and matched nothing.
  const firstRow = first.done === true ? undefined : first.value[0]
  const count = counted ? (firstRow === undefined ? 0 : readCount(firstRow['count'])) : undefined
  return {
    kind: 'stream',
    ...(count === undefined ? {} : { count }),
    // A generator that never started skips its `finally`: `return()` and `close()` release the cursor either way.
    records: {
      [Symbol.asyncIterator]: () => ({
        next: () => generator.next(),
        return: async (value?: unknown) => {
          const done = await generator.return(value as undefined)
          await release()
          return done
        },
      }),
    },
    close: async () => {
      await generator.return(undefined)
      await release()
    },
    end: () => {
      if (end === undefined) throw new Error('the paging state of a stream is known only after its records were read')
      return end
    },
  }
}

/** A record's JSON text; `''` is the dialect's word that its engine could not build it (see `readSingleRow`). */
function recordText(value: unknown): string {
  if (value === '') throw new SluiceError('SLUICE_ERR_DATABASE_RESULT_TOO_LARGE')
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  return JSON.stringify(value)
}

function cursorOf(row: Record<string, unknown>, count: number): (string | null)[] {
  const values: (string | null)[] = []
  for (let i = 0; i < count; i++) {
    const v = row[`c${i}`]
    values.push(v === null || v === undefined ? null : typeof v === 'string' ? v : String(v))
  }
  return values
}
