/** Freezes an object graph in place (plain objects, arrays, Maps and Sets) and returns it typed as read-only. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  Object.freeze(value)
  if (value instanceof Map) {
    for (const [k, v] of value) {
      deepFreeze(k)
      deepFreeze(v)
    }
  } else if (value instanceof Set) {
    for (const v of value) deepFreeze(v)
  } else {
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}
