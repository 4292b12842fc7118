import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { ExecutionPlan } from '../plan/query-plan.js'
import type { ExecutePlan } from '../plan/execute-plan.js'
import type { SelectPlan } from '../plan/select-plan.js'
import type { ResultSet } from '../pipeline/result-set.js'
import type { ExecuteStage } from '../pipeline/stage.js'
import type { RequestContext } from '../request/request-context.js'
import { encodeParameters } from './encode-parameters.js'
import { mayHaveWritten } from '../errors/may-have-written.js'
import type { EntityCacheSettings } from './resolve-entity-cache.js'
import type { PlanIntents } from './plan-intents.js'
import { parseCacheControl } from './parse-cache-control.js'
import { collectReadTags, collectWriteTags, type ObjectKinds } from './plan-tags.js'
import type { CachedAnswer, CachedResult, ResponseCache } from './response-cache.js'

/** Per plan shape and data source: the tags its reads depend on, and (lazily) its process-independent identity. */
interface ShapeInfo {
  readonly id: string
  readonly tags: readonly string[]
  shared: string | undefined
}

type ReadPlan = SelectPlan | ExecutePlan

const SHAPES = 2000

/** What the caching execute stage wraps and reads. */
export interface CachingExecuteParts {
  /** The execute stage that runs what the cache does not answer. */
  readonly inner: ExecuteStage
  readonly cache: ResponseCache
  readonly intents: PlanIntents
  readonly sources: DataSourceRegistry
  /** Which objects are tables and which views (a view's reads depend on every table). */
  readonly kinds: ObjectKinds
}

/**
 * The execute stage with the response cache around it. Reads of cached entities are answered from the cache when a
 * current answer is there (level 1, then the shared level), else from the database, whose answer is then stored;
 * the request's `Cache-Control` (`no-cache`, `no-store`, `only-if-cached`) steers both. Every write that may have
 * changed the database evicts the cached reads that depend on what it wrote, here and on every instance, before its
 * answer goes out — a write in a transaction (`RequestContext.transaction`) once the transaction has ended.
 *
 * The key is the data source, the plan's shape (so the SQL text) and every parameter value — row-policy claims
 * are parameters — so an answer is only ever reused for a request whose statement is identical. Nested cursors
 * are signed per request by the shape stage; the cached JSON keeps the database's marker and is given the current
 * request's marker when reused.
 */
export class CachingExecuteStage implements ExecuteStage {
  readonly #shapes = new LRUCache<string, ShapeInfo>({ max: SHAPES })

  readonly #inner: ExecuteStage
  readonly #cache: ResponseCache
  readonly #intents: PlanIntents
  readonly #sources: DataSourceRegistry
  readonly #kinds: ObjectKinds

  constructor(parts: CachingExecuteParts) {
    this.#inner = parts.inner
    this.#cache = parts.cache
    this.#intents = parts.intents
    this.#sources = parts.sources
    this.#kinds = parts.kinds
  }

  run(plan: ExecutionPlan, context: RequestContext): ResultSet | Promise<ResultSet> {
    const intent = this.#intents.of(plan)
    if (intent.kind === 'read') {
      // Inside a transaction a read may see rows not yet committed: never answered from, nor kept in, the cache.
      const cached = intent.cache !== undefined && context.transaction === undefined
      return cached ? this.#read(plan as ReadPlan, intent.cache!, context) : this.#inner.run(plan, context)
    }
    return this.#write(plan as Exclude<ExecutionPlan, SelectPlan>, context)
  }

  async #read(plan: ReadPlan, settings: EntityCacheSettings, context: RequestContext): Promise<ResultSet> {
    const directives = parseCacheControl(context.cacheControl)
    const marker = plan.kind === 'select' ? plan.nestedCursors : undefined
    const streamed = plan.kind === 'select' && plan.result.mode === 'stream'
    const shape = streamed ? undefined : this.#shape(plan)
    const params = shape === undefined ? undefined : encodeParameters(plan.parameters, marker?.marker.index)
    const fenced = params === undefined ? false : this.#cache.fence()
    const ticket = fenced === true || (fenced !== false && (await fenced)) ? this.#cache.begin(shape!.tags) : undefined
    if (ticket === undefined) {
      // Streamed pages, values the key cannot hold, a shared store out of step: the database answers.
      if (directives.onlyIfCached) throw new SluiceError('SLUICE_ERR_NOT_CACHED')
      return this.#inner.run(plan, context)
    }
    const key = `${shape!.id}\u0000${params!}`
    const sharedKey = settings.shared ? this.#sharedKey(plan, shape!, params!) : undefined
    if (!directives.noCache) {
      const hit =
        this.#cache.getLocal(key, shape!.tags) ??
        (sharedKey === undefined ? undefined : await this.#cache.getShared(key, sharedKey, ticket))
      if (hit !== undefined) return withMarker(hit, marker?.value)
    }
    if (directives.onlyIfCached) throw new SluiceError('SLUICE_ERR_NOT_CACHED')
    const result = await this.#inner.run(plan, context)
    if (!directives.noStore && (result.kind === 'page' || result.kind === 'single')) {
      this.#cache.set(
        key,
        sharedKey,
        ticket,
        Object.freeze({ result: Object.freeze({ ...result }), marker: marker?.value }),
        settings.ttlMs,
      )
    }
    return result
  }

  async #write(plan: Exclude<ExecutionPlan, SelectPlan>, context: RequestContext): Promise<ResultSet> {
    const dataSource = this.#sources.get(plan.kind === 'updateOrInsert' ? plan.update.dataSource : plan.dataSource).name
    const tags = collectWriteTags(plan, dataSource, this.#kinds)
    // In a transaction the evictions wait for its end: evicted before the commit, the old rows could be read and
    // cached again by another request in between.
    const transaction = context.transaction
    const evict = (): Promise<void> => this.#cache.evict(tags)
    let result: ResultSet
    try {
      result = await this.#inner.run(plan, context)
    } catch (error) {
      // A statement that failed late (a lost connection after the commit) may still have written; so may a
      // procedure that wrote, then raised an error.
      if (plan.kind === 'execute' || mayHaveWritten(error)) {
        if (transaction === undefined) await evict()
        else transaction.afterEnd(evict)
      }
      throw error
    }
    if (transaction === undefined) await evict()
    else transaction.afterEnd(evict)
    return result
  }

  #shape(plan: ReadPlan): ShapeInfo {
    const dataSource = this.#sources.get(plan.dataSource).name
    const id = `${dataSource}\u0000${plan.shapeKey}`
    let shape = this.#shapes.get(id)
    if (shape === undefined) {
      shape = { id, tags: collectReadTags(plan, dataSource, this.#kinds), shared: undefined }
      this.#shapes.set(id, shape)
    }
    return shape
  }

  /**
   * The key in the shared store. Shape keys name structures by per-process ids, so instances agree only on the SQL
   * text: the key hashes the data source, the compiled statement, how its rows are read, and the parameter values.
   */
  #sharedKey(plan: ReadPlan, shape: ShapeInfo, params: string): string {
    if (shape.shared === undefined) {
      const source = this.#sources.get(plan.dataSource)
      const compiled = source.compiler.compile(plan)
      const columns = (plan.columns ?? [])
        .map((c) => `${c.name}=${c.column.table}.${c.column.column}:${c.type}`)
        .join(',')
      const cursor =
        plan.kind === 'select' && plan.result.mode !== 'single'
          ? plan.result.cursorColumns.map((c) => `${c.table}.${c.column}`).join(',')
          : ''
      const text = [
        'sluice-cache-1',
        source.name,
        compiled.sql,
        compiled.parameterOrder.join(','),
        compiled.result ?? 'json',
        columns,
        cursor,
      ].join('\u0000')
      shape.shared = createHash('sha256').update(text).digest('base64url')
    }
    return createHash('sha256').update(shape.shared).update('\u0000').update(params).digest('base64url')
  }
}

/** A cached result with the nested-cursor marker of the current request, so the shape stage finds and signs it. */
function withMarker(answer: CachedAnswer, marker: string | undefined): CachedResult {
  const { result } = answer
  if (marker === undefined || answer.marker === undefined || answer.marker === marker || result.json === null)
    return result
  return { ...result, json: result.json.split(`"${answer.marker}`).join(`"${marker}`) }
}
