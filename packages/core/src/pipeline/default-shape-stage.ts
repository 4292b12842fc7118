import type { RuntimeConfig } from '../config/runtime-config.js'
import { inject, injectable } from '../di/container.js'
import { SluiceError } from '../errors/sluice-error.js'
import { Tokens } from '../di/tokens.js'
import type { CursorCodec } from '../request/cursor-codec.js'
import { cursorOrderOf } from '../request/cursor-order.js'
import { isAuthorizedAs } from '../request/authorized-request.js'
import { invariant } from '../util/invariant.js'
import { shapeWriteResult } from './shape-write-result.js'
import { signNestedCursors } from './sign-nested-cursors.js'
import type { OperationResult } from './operation-result.js'
import type { Executed, ShapeStage } from './stage.js'

/** Records for the protocol: the JSON the database built, the paging state, and the next cursor; or a write's outcome. */
@injectable()
export class DefaultShapeStage implements ShapeStage {
  /** `runtime.host.max-response-size-mb`, in bytes (counted as UTF-16 units, a lower bound): DAB's 158 MB default. */
  readonly #maxBytes: number

  constructor(
    @inject(Tokens.CursorCodec) private readonly cursors: CursorCodec,
    @inject(Tokens.Config) config: RuntimeConfig,
  ) {
    this.#maxBytes = (config.runtime.host.maxResponseSizeMb ?? MAX_RESPONSE_MB) * 1024 * 1024
  }

  run(executed: Executed): OperationResult {
    const result = this.#shape(executed)
    if (result.kind === 'read' && result.json.length > this.#maxBytes) throw this.#tooLarge()
    const set = executed.result
    // The count travels beside the page (`ReadResult.count`), for pages and streams alike.
    if (result.kind === 'read' && (set.kind === 'page' || set.kind === 'stream') && set.count !== undefined)
      return { ...result, count: set.count }
    return result
  }

  #shape({ request, plan, result }: Executed): OperationResult {
    if (result.kind === 'write') {
      invariant(isAuthorizedAs(request, 'write'), 'a write result answers a write request')
      return shapeWriteResult(request, result)
    }
    if (result.kind === 'stream') {
      const nested = plan.kind === 'select' ? plan.nestedCursors : undefined
      const signed =
        nested === undefined
          ? result.records
          : signEachRecord(result.records, (record) => signNestedCursors(record, nested, this.cursors))
      const stream = {
        records: limitRecordBytes(signed, this.#maxBytes, () => this.#tooLarge()),
        close: () => result.close(),
        paging: () => {
          const end = result.end()
          return end.more && end.cursor !== null
            ? { hasNextPage: true, endCursor: this.#endCursor(request, end.cursor) }
            : { hasNextPage: false, endCursor: null }
        },
      }
      return { kind: 'read', json: '', hasNextPage: false, endCursor: null, stream }
    }
    const nested = plan.kind === 'select' ? plan.nestedCursors : undefined
    if (result.kind === 'single') {
      // An aggregation's statement returns the JSON array of groups itself.
      if (plan.kind === 'select' && plan.aggregate !== undefined)
        return { kind: 'read', json: result.json ?? '[]', hasNextPage: false, endCursor: null }
      const one =
        result.json === null
          ? null
          : nested === undefined
            ? result.json
            : signNestedCursors(result.json, nested, this.cursors)
      return { kind: 'read', json: one === null ? '[]' : `[${one}]`, hasNextPage: false, endCursor: null }
    }
    const json =
      result.json === null || nested === undefined ? result.json : signNestedCursors(result.json, nested, this.cursors)
    if (!result.more || result.cursor === null)
      return { kind: 'read', json: json ?? '[]', hasNextPage: false, endCursor: null }
    return { kind: 'read', json: json ?? '[]', hasNextPage: true, endCursor: this.#endCursor(request, result.cursor) }
  }

  #tooLarge(): SluiceError {
    return new SluiceError('SLUICE_ERR_RESPONSE_TOO_LARGE', { limit: Math.round(this.#maxBytes / 1024 / 1024) })
  }

  #endCursor(request: Executed['request'], values: readonly (string | null)[]): string {
    const { parsed } = request
    invariant(parsed.kind === 'list', 'only a list read has a next page')
    const { entity, orderBy } = parsed
    const order = cursorOrderOf(orderBy)
    if (entity.keyFields.length === 0) {
      // A keyless view pages by position: the rows earlier pages returned plus this page's.
      const before = parsed.after === undefined ? 0 : Number(parsed.after[0])
      return this.cursors.encodeOffset(entity.name, order, before + parsed.pageSize)
    }
    // A key column the caller may not read still orders the page; its value must not travel in a readable cursor.
    const readable = request.grant.permission.fields
    const conceal = orderBy.some((t) => !readable.has(t.field.name))
    return this.cursors.encode(entity.name, order, values, conceal)
  }
}

/** Data API builder's engine limit and default for `max-response-size-mb`. */
const MAX_RESPONSE_MB = 158

/** A streamed page's records with each one's nested cursors signed as it passes. */
async function* signEachRecord(
  records: AsyncIterable<readonly string[]>,
  sign: (record: string) => string,
): AsyncGenerator<readonly string[]> {
  for await (const chunk of records) yield chunk.map(sign)
}

/**
 * A streamed page's records, ended with `tooLarge()` once they add up to more than `maxBytes`: the body is then cut
 * off (its status line is already sent), so no client buffers more than the limit.
 */
async function* limitRecordBytes(
  records: AsyncIterable<readonly string[]>,
  maxBytes: number,
  tooLarge: () => SluiceError,
): AsyncGenerator<readonly string[]> {
  let total = 0
  for await (const chunk of records) {
    for (const record of chunk) total += record.length + 1
    if (total > maxBytes) throw tooLarge()
    yield chunk
  }
}
