import { randomUUID } from 'node:crypto'
import type { Logger, SharedCacheStore, SharedStamp } from '@sluice/core'
import type { Redis } from 'ioredis'
import { decodeEntry, encodeEntry, type RedisStamp } from './redis-entry.js'
import { EVICT_SCRIPT } from './evict-script.js'

export interface RedisCacheStoreOptions {
  /** A new, not yet connected client (`lazyConnect`) with the endpoint's settings; called twice (commands, subscriber). */
  readonly createClient: () => Redis
  /** Prefix of every key and of the channel: `partition_` (Data API builder's), else `sluice_`. */
  readonly prefix: string
  /** `host:port`, for log lines. */
  readonly endpoint: string
  readonly log: Logger
}

type EvictCommand = (
  versionsKey: string,
  epoch: string,
  channel: string,
  instance: string,
  ...tags: string[]
) => Promise<[string, ...number[]]>

const RETRY_MS = 1000
const NOT_IN_STEP = Promise.resolve(false)

/**
 * The response cache's shared level and backplane on Redis: entries (`<prefix>sluice:e:<key>`, with their TTL), the
 * shared version of every tag (hash `<prefix>sluice:v`, with a random `@epoch` so a lost hash cannot make old
 * entries look current), and evictions published on `<prefix>sluice:evictions`. An eviction bumps its tags' versions
 * and publishes them in one Lua script; every instance applies them and makes its level-1 entries stale.
 *
 * The store is "in step" when its subscription is live and it has loaded the versions since (re)subscribing: only
 * then may anything be served from a cache. When Redis cannot be reached it says so once, answers "out of step"
 * (core then reads the database), keeps the evictions of this instance's writes, and retries in the background;
 * once back, it sends those evictions, reloads the versions and makes every level-1 entry stale (messages may have
 * been lost meanwhile) before serving from the cache again.
 */
export class RedisCacheStore implements SharedCacheStore {
  readonly name = 'redis'
  readonly #options: RedisCacheStoreOptions
  readonly #commands: Redis
  readonly #subscriber: Redis
  readonly #instance = randomUUID()
  readonly #versionsKey: string
  readonly #channel: string
  readonly #known = new Map<string, number>()
  readonly #pending = new Set<string>()
  #epoch: string | undefined
  #inStep = false
  #closed = false
  /** An outage was reported and its end not yet. */
  #down = false
  #syncing = false
  #syncAgain = false
  #retry: NodeJS.Timeout | undefined
  #listener: ((tags: readonly string[] | undefined) => void) | undefined
  #firstOutcome: (() => void) | undefined
  #fenceSent: Promise<boolean> | undefined
  #fenceNext: Promise<boolean> | undefined

  constructor(options: RedisCacheStoreOptions) {
    this.#options = options
    this.#versionsKey = `${options.prefix}sluice:v`
    this.#channel = `${options.prefix}sluice:evictions`
    this.#commands = options.createClient()
    this.#subscriber = options.createClient()
    this.#commands.defineCommand('sluiceEvict', { numberOfKeys: 1, lua: EVICT_SCRIPT })
    for (const client of [this.#commands, this.#subscriber]) {
      client.on('error', (error: Error) => this.#outOfStep(error.message))
      client.on('close', () => this.#outOfStep('the connection closed'))
      client.on('ready', () => this.#requestSync())
    }
    this.#subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.#channel) this.#receive(message)
    })
  }

  /** Connects; resolves once in step, or once Redis is known to be out of reach (or after `waitMs`). */
  async start(waitMs: number): Promise<void> {
    const settled = new Promise<void>((resolve) => {
      this.#firstOutcome = resolve
    })
    const timer = setTimeout(() => this.#settleStart(), waitMs)
    timer.unref()
    // Failures arrive as 'error' events too (then the client retries by itself).
    this.#commands.connect().catch(() => undefined)
    this.#subscriber.connect().catch(() => undefined)
    await settled
    clearTimeout(timer)
  }

  stamp(tags: readonly string[]): SharedStamp | undefined {
    if (!this.#inStep || this.#epoch === undefined) return undefined
    const stamp: RedisStamp = {
      store: 'redis',
      epoch: this.#epoch,
      tags,
      versions: tags.map((t) => this.#known.get(t) ?? 0),
    }
    return stamp
  }

  fence(): Promise<boolean> {
    if (!this.#inStep) return NOT_IN_STEP
    if (this.#fenceSent === undefined) {
      this.#fenceSent = this.#ping().finally(() => {
        this.#fenceSent = undefined
      })
      return this.#fenceSent
    }
    // The ping in flight may have left before this call: join the next one, sent when it returns (one per round trip).
    this.#fenceNext ??= this.#fenceSent.then(() => {
      this.#fenceNext = undefined
      return this.fence()
    })
    return this.#fenceNext
  }

  async get(key: string): Promise<string | undefined> {
    if (!this.#inStep) return undefined
    let text: string | null
    try {
      text = await this.#commands.get(this.#entryKey(key))
    } catch (error) {
      this.#outOfStep((error as Error).message)
      return undefined
    }
    if (text === null) return undefined
    const entry = decodeEntry(text)
    if (entry === undefined || entry.epoch !== this.#epoch || !this.#inStep) return undefined
    for (let i = 0; i < entry.tags.length; i++) {
      if (entry.versions[i] !== (this.#known.get(entry.tags[i]!) ?? 0)) return undefined
    }
    return entry.value
  }

  set(key: string, value: string, stamp: SharedStamp, ttlMs: number): void {
    const redisStamp = stamp as RedisStamp
    if (!this.#inStep || redisStamp.epoch !== this.#epoch) return
    this.#commands
      .set(this.#entryKey(key), encodeEntry(redisStamp, value), 'PX', Math.max(1, Math.round(ttlMs)))
      .catch((error: Error) => this.#outOfStep(error.message))
  }

  async evict(tags: readonly string[]): Promise<void> {
    if (this.#closed) return
    if (!this.#inStep) {
      // Sent when Redis is back, before anything is served from it again.
      for (const tag of tags) this.#pending.add(tag)
      return
    }
    try {
      await this.#sendEvictions(tags)
    } catch (error) {
      for (const tag of tags) this.#pending.add(tag)
      this.#outOfStep((error as Error).message)
    }
  }

  onEvict(listener: (tags: readonly string[] | undefined) => void): void {
    this.#listener = listener
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#inStep = false
    if (this.#retry !== undefined) clearTimeout(this.#retry)
    this.#settleStart()
    // disconnect() also stops the clients' reconnecting; nothing waits for a Redis that may be gone.
    this.#commands.disconnect()
    this.#subscriber.disconnect()
  }

  /** A PING on the subscription: its reply comes after every message Redis sent this subscriber before it. */
  async #ping(): Promise<boolean> {
    try {
      await this.#subscriber.ping()
    } catch (error) {
      this.#outOfStep((error as Error).message)
      return false
    }
    return this.#inStep
  }

  #entryKey(key: string): string {
    return `${this.#options.prefix}sluice:e:${key}`
  }

  async #sendEvictions(tags: readonly string[]): Promise<void> {
    const evict = (this.#commands as unknown as { sluiceEvict: EvictCommand }).sluiceEvict.bind(this.#commands)
    const [epoch, ...versions] = await evict(this.#versionsKey, randomUUID(), this.#channel, this.#instance, ...tags)
    if (epoch !== this.#epoch) {
      this.#outOfStep('the shared versions were reset')
      return
    }
    tags.forEach((tag, i) => this.#raise(tag, Number(versions[i])))
  }

  /** An eviction published by any instance (this one's too: its versions are applied, its listener not called). */
  #receive(message: string): void {
    let parsed: { i?: unknown; e?: unknown; t?: unknown; v?: unknown }
    try {
      parsed = JSON.parse(message) as typeof parsed
    } catch {
      return
    }
    if (!Array.isArray(parsed.t) || !Array.isArray(parsed.v)) return
    if (this.#epoch !== undefined && parsed.e !== this.#epoch) {
      this.#outOfStep('the shared versions were reset')
      return
    }
    const tags = parsed.t.filter((t): t is string => typeof t === 'string')
    tags.forEach((tag, i) => this.#raise(tag, Number((parsed.v as unknown[])[i])))
    if (parsed.i !== this.#instance) this.#listener?.(tags)
  }

  #raise(tag: string, version: number): void {
    if (Number.isFinite(version) && version > (this.#known.get(tag) ?? 0)) this.#known.set(tag, version)
  }

  #outOfStep(reason: string): void {
    if (this.#closed) return
    this.#inStep = false
    if (!this.#down) {
      this.#down = true
      this.#options.log.warn(
        `The response cache cannot use Redis at ${this.#options.endpoint} (${reason}): reads are answered from the database until it is back.`,
      )
    }
    this.#settleStart()
    this.#scheduleRetry()
  }

  #scheduleRetry(): void {
    if (this.#retry !== undefined || this.#closed) return
    this.#retry = setTimeout(() => {
      this.#retry = undefined
      this.#requestSync()
    }, RETRY_MS)
    this.#retry.unref()
  }

  #requestSync(): void {
    if (this.#closed) return
    if (this.#syncing) {
      this.#syncAgain = true
      return
    }
    this.#syncing = true
    void this.#sync().finally(() => {
      this.#syncing = false
      if (this.#syncAgain && !this.#closed) {
        this.#syncAgain = false
        this.#requestSync()
      }
    })
  }

  /** Subscribe, send this instance's unsent evictions, load the versions, then declare every level-1 entry stale. */
  async #sync(): Promise<void> {
    if (this.#commands.status !== 'ready' || this.#subscriber.status !== 'ready') return
    try {
      await this.#subscriber.subscribe(this.#channel)
      const all = await this.#commands.hgetall(this.#versionsKey)
      let epoch: string | undefined = all['@epoch']
      if (epoch === undefined) {
        await this.#commands.hsetnx(this.#versionsKey, '@epoch', randomUUID())
        epoch = (await this.#commands.hget(this.#versionsKey, '@epoch')) ?? undefined
      }
      if (epoch === undefined) throw new Error('the shared versions could not be initialised')
      if (epoch !== this.#epoch) this.#known.clear()
      this.#epoch = epoch
      for (const [tag, version] of Object.entries(all)) if (tag !== '@epoch') this.#raise(tag, Number(version))
      while (this.#pending.size > 0) {
        const tags = [...this.#pending]
        await this.#sendEvictions(tags)
        for (const tag of tags) this.#pending.delete(tag)
      }
    } catch (error) {
      this.#outOfStep((error as Error).message)
      return
    }
    if (this.#closed || this.#commands.status !== 'ready' || this.#subscriber.status !== 'ready') return
    this.#listener?.(undefined)
    this.#inStep = true
    if (this.#down) {
      this.#down = false
      this.#options.log.info(
        `The response cache reaches Redis at ${this.#options.endpoint} again: cached reads resume.`,
      )
    }
    this.#settleStart()
  }

  #settleStart(): void {
    const settle = this.#firstOutcome
    this.#firstOutcome = undefined
    settle?.()
  }
}
