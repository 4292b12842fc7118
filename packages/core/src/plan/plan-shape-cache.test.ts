import { describe, expect, it } from 'vitest'
import type { EntityModel } from '../model/service-model.js'
import { END_OF_LIST, MAX_SHAPES_PER_ENTITY, PlanShapeCache, step, type ShapeNode } from './plan-shape-cache.js'

/** A request whose shape is two lists of objects (as a write's key fields and body fields). */
interface TestRequest {
  readonly parsed: { readonly entity: EntityModel }
  readonly first: readonly object[]
  readonly second: readonly object[]
}

function testPath<T>(root: ShapeNode<T>, request: TestRequest, create: boolean): ShapeNode<T> | undefined {
  const { first, second } = request
  let node: ShapeNode<T> | undefined = root
  for (const o of first) node = node && step(node, o, create)
  node = node && step(node, END_OF_LIST, create)
  for (const o of second) node = node && step(node, o, create)
  return node
}

// Only its identity matters to the cache (a WeakMap key).
const entityNamed = (name: string) => ({ name }) as unknown as EntityModel
const entity = entityNamed('E')
const requestOf = (first: readonly object[], second: readonly object[] = [], on = entity): TestRequest => ({
  parsed: { entity: on },
  first,
  second,
})

describe('PlanShapeCache', () => {
  it('finds a shape by the objects its path names, in order, and by nothing else', () => {
    const cache = new PlanShapeCache<string, TestRequest>(testPath)
    const [a, b] = [{}, {}]
    cache.set(requestOf([a], [b]), 'a|b')
    expect(cache.get(requestOf([a], [b]))).toBe('a|b')
    expect(cache.get(requestOf([a, b]))).toBeUndefined() // the boundary keeps the two lists apart
    expect(cache.get(requestOf([b], [a]))).toBeUndefined()
    expect(cache.get(requestOf([a]))).toBeUndefined()
    expect(cache.get(requestOf([a], [b], entityNamed('E')))).toBeUndefined() // another entity (a reloaded model) has its own
  })

  it(`keeps at most ${MAX_SHAPES_PER_ENTITY} shapes per entity, so ever new combinations cannot grow it`, () => {
    const cache = new PlanShapeCache<number, TestRequest>(testPath)
    const objects = Array.from({ length: MAX_SHAPES_PER_ENTITY + 10 }, () => ({}))
    objects.forEach((o, i) => cache.set(requestOf([o]), i))
    expect(cache.get(requestOf([objects[0]!]))).toBe(0)
    expect(cache.get(requestOf([objects[MAX_SHAPES_PER_ENTITY - 1]!]))).toBe(MAX_SHAPES_PER_ENTITY - 1)
    expect(cache.get(requestOf([objects[MAX_SHAPES_PER_ENTITY]!]))).toBeUndefined()
    const other = entityNamed('F')
    cache.set(requestOf([objects[0]!], [], other), 7) // the bound is per entity
    expect(cache.get(requestOf([objects[0]!], [], other))).toBe(7)
  })
})
