import type { RuntimeConfig } from '../config/runtime-config.js'
import type { DataSourceRegistry } from '../dialect/data-source-registry.js'
import type { ServiceModel } from '../model/service-model.js'
import { MultipleCreate, type MultipleCreateSteps } from '../pipeline/multiple-create.js'
import type { WriteResult } from '../pipeline/operation-result.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { RequestContext } from '../request/request-context.js'
import { mayHaveWritten } from './may-have-written.js'
import { everythingTag } from './plan-tags.js'
import type { ResponseCache } from './response-cache.js'

/**
 * Multiple and nested create, evicting after its transaction ends. It writes the root entity, related entities and
 * linking rows, in statements of its own (not through the execute stage), so everything cached on its data source
 * is evicted: rare requests, and no stale read can survive one. A request refused before anything was written (4xx)
 * evicts nothing, so refused requests cannot be used to flush the cache.
 */
export class EvictingMultipleCreate extends MultipleCreate {
  readonly #model: ServiceModel
  readonly #sources: DataSourceRegistry
  readonly #cache: ResponseCache

  constructor(model: ServiceModel, config: RuntimeConfig, sources: DataSourceRegistry, cache: ResponseCache) {
    super(model, config, sources)
    this.#model = model
    this.#sources = sources
    this.#cache = cache
  }

  override async run(request: OperationRequest, context: RequestContext, steps: MultipleCreateSteps): Promise<WriteResult> {
    const dataSource = this.#sources.get(this.#model.entities.get(request.entity)?.dataSource).name
    let result: WriteResult
    try {
      result = await super.run(request, context, steps)
    } catch (error) {
      if (mayHaveWritten(error)) await this.#cache.evict([everythingTag(dataSource)])
      throw error
    }
    await this.#cache.evict([everythingTag(dataSource)])
    return result
  }
}
