import type { EntityModel } from '../model/service-model.js'

/**
 * Shapes an entity keeps at most per cache. A shape follows from what a request names (each set of body fields, for
 * example), so a client naming ever new combinations could otherwise grow the cache without end; past the bound,
 * new shapes are built per request (as all were before) and simply not kept.
 */
export const MAX_SHAPES_PER_ENTITY = 256

/** One step of a shape's path: the shapes reached through it, and the one that ends here. */
export interface ShapeNode<T> {
  children: Map<unknown, ShapeNode<T>> | undefined
  value: T | undefined
}

/**
 * Walks `request`'s shape from `root`, one `step` per model object (or small value) the shape is made of: the node
 * where its shape ends, or undefined when a step is missing and `create` is false.
 */
export type ShapePath<T, R> = (root: ShapeNode<T>, request: R, create: boolean) => ShapeNode<T> | undefined

interface EntityShapes<T> {
  readonly root: ShapeNode<T>
  count: number
}

/**
 * The part of a plan that is the same for every request of one shape — its tree with parameter references, the
 * shape key — found again without building anything: a request's shape is the path of model objects it is made of
 * (`path`), walked through maps keyed by those objects, so a lookup allocates nothing. Callers keep here only plans
 * whose parameters all come from the request's own values, in an order the path fixes (no row policy, whose claims
 * differ per caller). Kept per entity in a WeakMap, so a reloaded model leaves its shapes to the garbage collector.
 */
/** What the cache needs of a request: the entity whose shapes it walks (an `AuthorizedRequest` has it). */
export interface ShapedRequest {
  readonly parsed: { readonly entity: EntityModel }
}

export class PlanShapeCache<T, R extends ShapedRequest> {
  readonly #entities = new WeakMap<EntityModel, EntityShapes<T>>()

  constructor(private readonly path: ShapePath<T, R>) {}

  get(request: R): T | undefined {
    const shapes = this.#entities.get(request.parsed.entity)
    return shapes === undefined ? undefined : this.path(shapes.root, request, false)?.value
  }

  /** Keeps `template` for the request's shape, unless the entity already keeps as many shapes as it may. */
  set(request: R, template: T): void {
    const { entity } = request.parsed
    let shapes = this.#entities.get(entity)
    if (shapes === undefined)
      this.#entities.set(entity, (shapes = { root: { children: undefined, value: undefined }, count: 0 }))
    if (shapes.count >= MAX_SHAPES_PER_ENTITY) return
    const node = this.path(shapes.root, request, true)!
    if (node.value === undefined) shapes.count++
    node.value = template
  }
}

/** The node below `node` for `key` (created when `create`), or undefined. */
export function step<T>(node: ShapeNode<T>, key: unknown, create: boolean): ShapeNode<T> | undefined {
  let child = node.children?.get(key)
  if (child === undefined && create) {
    node.children ??= new Map()
    node.children.set(key, (child = { children: undefined, value: undefined }))
  }
  return child
}

/** Marks a boundary inside a path (where a list of fields ends), so two lists cannot be read as one. */
export const END_OF_LIST = Object.freeze({ mark: 'end of list' })
