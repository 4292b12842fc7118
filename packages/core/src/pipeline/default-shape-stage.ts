import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { CursorCodec } from '../request/cursor-codec.js'
import type { OperationResult } from './operation-result.js'
import type { Executed, ShapeStage } from './stage.js'

/** Records for the protocol: the JSON the database built, the paging state, and the sealed next cursor. */
@injectable()
export class DefaultShapeStage implements ShapeStage {
  constructor(@inject(Tokens.CursorCodec) private readonly cursors: CursorCodec) {}

  run({ request, result }: Executed): OperationResult {
    if (result.kind === 'single') {
      return { kind: 'read', json: result.json === null ? '[]' : `[${result.json}]`, hasNextPage: false, endCursor: null }
    }
    const endCursor = result.more && result.cursor !== null
      ? this.cursors.encode(request.entity.name, request.orderBy.map((t) => ({ name: t.field.name, direction: t.direction })), result.cursor)
      : null
    return { kind: 'read', json: result.json ?? '[]', hasNextPage: result.more, endCursor }
  }
}
