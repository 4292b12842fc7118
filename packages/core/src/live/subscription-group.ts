import type { ChangeKind } from '../config/runtime-config.js'
import type { EntityModel } from '../model/service-model.js'
import type { Pipeline } from '../pipeline/pipeline.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { RequestContext } from '../request/request-context.js'
import { invariant } from '../util/invariant.js'
import type { ChangeEvent } from './change-event.js'
import { planOverImages, splitImageRecords } from './plan-over-images.js'
import type { SubscriberQueue } from './subscriber-queue.js'

/** One change as one subscriber's read shows the row: the record holds exactly the fields that read returns. */
export interface Delivery {
  readonly event: ChangeEvent
  readonly record: string
}

/** A subscriber as its group holds it. */
export interface Member {
  readonly kinds: ReadonlySet<ChangeKind>
  readonly queue: SubscriberQueue<Delivery>
  /** Closes the member with a reason (too slow, its read failed). */
  readonly fail: (error: unknown) => void
}

/** Most images one statement reads; fewer when the entity is wide (every value is a bound parameter). */
const MAX_IMAGES_PER_STATEMENT = 100
const MAX_PARAMETERS_PER_STATEMENT = 1000

/**
 * Subscribers whose reads are the same read: one entity, one request (filter, selection, relations), one role and
 * the same claims. For each batch of changes the group asks the database once per statement's worth of images —
 * never once per subscriber — and hands each member the records of the kinds it asked for.
 */
export class SubscriptionGroup {
  readonly members = new Set<Member>()

  constructor(
    readonly entity: EntityModel,
    private readonly request: OperationRequest,
    private readonly context: RequestContext,
    private readonly pipeline: Pipeline,
  ) {}

  /** Evaluates a batch of the entity's changes (in commit order) and delivers them; throws when the read fails. */
  async deliver(events: readonly ChangeEvent[]): Promise<void> {
    // The kinds some member asked for, gathered once per batch rather than per event.
    const kinds = new Set<ChangeKind>()
    for (const member of this.members) for (const kind of member.kinds) kinds.add(kind)
    const wanted = events.filter((e) => kinds.has(e.kind))
    const per = Math.max(
      1,
      Math.min(MAX_IMAGES_PER_STATEMENT, Math.floor(MAX_PARAMETERS_PER_STATEMENT / (this.entity.fields.length + 1))),
    )
    for (let i = 0; i < wanted.length; i += per) {
      const batch = wanted.slice(i, i + per)
      const records = await this.#read(batch)
      for (const { ordinal, record } of records) {
        const event = batch[ordinal]!
        for (const member of this.members) {
          if (!member.kinds.has(event.kind)) continue
          if (!member.queue.push({ event, record })) member.fail('full')
        }
      }
    }
  }

  /** The subscriber's read over the images: which rows it would return, as it would return them. */
  async #read(batch: readonly ChangeEvent[]): Promise<ReturnType<typeof splitImageRecords>> {
    const prepared = await this.pipeline.prepare({ ...this.request, first: batch.length }, this.context)
    invariant(prepared.kind === 'planned' && prepared.plan.kind === 'select', 'a subscription plans a list read')
    const plan = planOverImages(
      prepared.plan,
      this.entity,
      batch.map((e) => e.image),
    )
    const result = await this.pipeline.execute({ kind: 'planned', request: prepared.request, plan }, this.context)
    invariant(result.kind === 'read' && result.stream === undefined, 'a read over images answers one page')
    return splitImageRecords(result.json === '' ? null : result.json)
  }
}
