import type { EntityModel } from '../model/service-model.js'
import type { ScopedRequest } from '../request/parsed-request.js'

/**
 * Shapes an entity keeps at most per cache. Each set of body fields is a shape of its own, so a client sending ever
 * new sets could otherwise grow the cache without end; past the bound, new shapes are built per request (as all
 * were before) and simply not kept.
 */
export const MAX_SHAPES_PER_ENTITY = 256

interface ShapeNode<T> {
  children: Map<object, ShapeNode<T>> | undefined
  value: T | undefined
}

interface EntityShapes<T> {
  readonly root: ShapeNode<T>
  count: number
}

/** Path markers: where the key's fields end, and a PUT without a paired permission. */
const END_OF_KEY = Object.freeze({ mark: 'end of key' })
const NO_PAIRED_PERMISSION = Object.freeze({ mark: 'no paired permission' })
const NO_KEY: readonly never[] = Object.freeze([])

/**
 * The part of a write plan that is the same for every request of one shape — table, written columns with their
 * parameter references, the returned record, the shape key — found again without building anything: a request's
 * shape is the path of model objects it is made of (its output field list, the permissions a PUT resets by, its key
 * fields, its body fields, all in the entity's order), walked through maps keyed by those objects. Only requests
 * whose plan takes no parameters beyond their key and body values belong here (no row policy): the caller decides.
 * Kept per entity in a WeakMap, so a reloaded model leaves its shapes to the garbage collector.
 */
export class WriteShapeCache<T> {
  readonly #entities = new WeakMap<EntityModel, EntityShapes<T>>()

  get(request: ScopedRequest): T | undefined {
    const shapes = this.#entities.get(request.entity)
    return shapes === undefined ? undefined : locate(shapes.root, request, false)?.value
  }

  /** Keeps `template` for the request's shape, unless the entity already keeps as many shapes as it may. */
  set(request: ScopedRequest, template: T): void {
    let shapes = this.#entities.get(request.entity)
    if (shapes === undefined) this.#entities.set(request.entity, shapes = { root: { children: undefined, value: undefined }, count: 0 })
    if (shapes.count >= MAX_SHAPES_PER_ENTITY) return
    const node = locate(shapes.root, request, true)!
    if (node.value === undefined) shapes.count++
    node.value = template
  }
}

function locate<T>(root: ShapeNode<T>, request: ScopedRequest, create: boolean): ShapeNode<T> | undefined {
  const write = request.write!
  let node = step(root, request.fields, create)
  if (write.replace) {
    // PUT resets the writable fields the body leaves out: which ones depends on the permissions.
    if (node !== undefined) node = step(node, request.permission.fields, create)
    if (node !== undefined) node = step(node, request.pairedPermission?.fields ?? NO_PAIRED_PERMISSION, create)
  }
  for (const k of request.key ?? NO_KEY) {
    if (node === undefined) return undefined
    node = step(node, k.field, create)
  }
  if (node !== undefined) node = step(node, END_OF_KEY, create)
  for (const v of write.values) {
    if (node === undefined) return undefined
    node = step(node, v.field, create)
  }
  return node
}

function step<T>(node: ShapeNode<T>, key: object, create: boolean): ShapeNode<T> | undefined {
  let child = node.children?.get(key)
  if (child === undefined && create) {
    node.children ??= new Map()
    node.children.set(key, child = { children: undefined, value: undefined })
  }
  return child
}
