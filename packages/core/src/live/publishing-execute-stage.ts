import { randomUUID } from 'node:crypto'
import type { ChangeKind } from '../config/runtime-config.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { RowImage } from '../plan/write-plan.js'
import type { ResultSet } from '../pipeline/result-set.js'
import type { ExecuteStage } from '../pipeline/stage.js'
import type { RequestContext } from '../request/request-context.js'
import type { ChangeEvent } from './change-event.js'
import type { ChangeFeed } from './change-feed.js'

/**
 * The execute stage with live data's publishing around it: a write whose plan asked for the row's image (the
 * entity publishes its changes) publishes one change once it is committed — at once for a statement that commits
 * alone, when its transaction commits for one inside a transaction (multiple create). Reads pass straight through.
 */
export class PublishingExecuteStage implements ExecuteStage {
  constructor(
    private readonly inner: ExecuteStage,
    private readonly feed: ChangeFeed,
  ) {}

  run(plan: ExecutionPlan, context: RequestContext): ResultSet | Promise<ResultSet> {
    const image = imageOf(plan)
    if (image === undefined) return this.inner.run(plan, context)
    return this.#write(plan, image, context)
  }

  async #write(plan: ExecutionPlan, image: RowImage, context: RequestContext): Promise<ResultSet> {
    const result = await this.inner.run(plan, context)
    if (result.kind !== 'write' || !result.written || result.image === undefined) return result
    const event: ChangeEvent = {
      eventId: randomUUID(),
      entity: image.entity,
      kind: changeKind(plan, result.inserted),
      utcDateTime: new Date().toISOString(),
      actorRole: context.role,
      image: result.image,
    }
    const publish = (): void => this.feed.publish(event)
    if (context.transaction === undefined) publish()
    else context.transaction.afterCommit(publish)
    return result
  }
}

function imageOf(plan: ExecutionPlan): RowImage | undefined {
  switch (plan.kind) {
    case 'insert':
    case 'update':
    case 'upsert':
      return plan.returning.image
    case 'delete':
      return plan.image
    case 'updateOrInsert':
      return plan.update.returning.image
    default:
      return undefined
  }
}

function changeKind(plan: ExecutionPlan, inserted: boolean): ChangeKind {
  if (plan.kind === 'delete') return 'deleted'
  return plan.kind === 'insert' || inserted ? 'created' : 'updated'
}
