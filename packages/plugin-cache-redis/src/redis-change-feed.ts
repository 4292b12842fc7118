import type { Redis } from 'ioredis'
import { LocalChangeFeed, type ChangeEvent, type ChangeFeed, type ChangeListener, type Logger } from '@sluice/core'

export interface RedisChangeFeedOptions {
  /** Prefix of the channel (`<prefix>sluice:changes`), the cache's partition. */
  readonly prefix: string
  /** A new, not yet connected client (`lazyConnect`); called twice (publisher, subscriber). */
  readonly createClient: () => Redis
  readonly log: Logger
}

/**
 * Live data's change feed shared by every instance on one Redis (`OptionalTokens.ChangeFeed`): a committed change is
 * published on `<prefix>sluice:changes` and every instance — this one too — hears it from its subscription, in the
 * order Redis received them, and evaluates it for its own subscribers. While Redis cannot be reached a change still
 * reaches this process's subscribers (published locally, with a warning), but not other instances': Redis pub/sub
 * keeps nothing (a retained, resumable feed is part two's).
 */
export class RedisChangeFeed implements ChangeFeed {
  readonly #channel: string
  readonly #publisher: Redis
  readonly #subscriber: Redis
  readonly #local = new LocalChangeFeed()
  readonly #log: Logger
  #warned = false

  constructor(options: RedisChangeFeedOptions) {
    this.#channel = `${options.prefix}sluice:changes`
    this.#log = options.log
    this.#publisher = options.createClient()
    this.#subscriber = options.createClient()
    for (const client of [this.#publisher, this.#subscriber]) client.on('error', () => undefined)
    this.#subscriber.on('ready', () => {
      this.#subscriber.subscribe(this.#channel).catch(() => undefined)
    })
    this.#subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.#channel) return
      try {
        this.#local.publish(JSON.parse(message) as ChangeEvent)
      } catch {
        this.#log.warn(`A message on ${this.#channel} is not a change event; it was ignored.`)
      }
    })
  }

  /** Connects both clients; resolves when subscribed, or after `waitMs` (they keep trying in the background). */
  async start(waitMs: number): Promise<void> {
    this.#publisher.connect().catch(() => undefined)
    const subscribed = new Promise<void>((resolve) => {
      this.#subscriber.once('ready', () => {
        this.#subscriber.subscribe(this.#channel).then(
          () => resolve(),
          () => resolve(),
        )
      })
    })
    this.#subscriber.connect().catch(() => undefined)
    const timer = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())
    await Promise.race([subscribed, timer])
  }

  publish(event: ChangeEvent): void {
    if (this.#publisher.status !== 'ready' || this.#subscriber.status !== 'ready') {
      this.#fallBack(event, 'Redis is not connected')
      return
    }
    this.#publisher.publish(this.#channel, JSON.stringify(event)).then(
      () => {
        this.#warned = false
      },
      (error: Error) => this.#fallBack(event, error.message),
    )
  }

  listen(listener: ChangeListener): () => void {
    return this.#local.listen(listener)
  }

  async close(): Promise<void> {
    await this.#local.close()
    this.#publisher.disconnect()
    this.#subscriber.disconnect()
  }

  #fallBack(event: ChangeEvent, reason: string): void {
    if (!this.#warned) {
      this.#warned = true
      this.#log.warn(
        `Live data: ${reason}; changes reach this instance's subscribers only until it is back (other instances miss them).`,
      )
    }
    this.#local.publish(event)
  }
}
