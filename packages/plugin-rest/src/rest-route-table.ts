import type { EntityModel, ServiceModel } from '@sluice/core/protocol'

/**
 * Entity paths below the REST prefix, for longest-prefix routing: `catalog/books/id/3` tries `catalog/books/id`,
 * then `catalog/books`, and takes the remaining segments as key pairs. Paths are case-sensitive.
 */
export class RestRouteTable {
  readonly #byPath = new Map<string, EntityModel>()
  readonly #maxDepth: number

  constructor(model: ServiceModel) {
    let depth = 1
    for (const entity of model.entities.values()) {
      if (!entity.rest.enabled) continue
      this.#byPath.set(entity.rest.path, entity)
      depth = Math.max(depth, entity.rest.path.split('/').length)
    }
    this.#maxDepth = depth
  }

  /** The entity whose path is the longest prefix of `segments`, and how many segments its path used. */
  match(segments: readonly string[]): { readonly entity: EntityModel; readonly used: number } | undefined {
    for (let k = Math.min(this.#maxDepth, segments.length); k >= 1; k--) {
      const entity = this.#byPath.get(k === 1 ? segments[0]! : segments.slice(0, k).join('/'))
      if (entity !== undefined) return { entity, used: k }
    }
    return undefined
  }
}
