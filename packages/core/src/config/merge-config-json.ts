import { isJsonObject } from './read-config-value.js'

/**
 * Layers an environment's config over the base config the way Data API builder merges `dab-config.json` with
 * `dab-config.{DAB_ENVIRONMENT}.json`: objects merge key by key (recursively), arrays and scalars in the override
 * replace the base's, a `null` in the override keeps the base's value, and keys only the override has are added
 * after the base's keys. Roots of different kinds (an object over an array) leave the base unchanged, as DAB does.
 */
export function mergeConfigJson(base: unknown, override: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(override)) return override
  if (!isJsonObject(base) || !isJsonObject(override)) return base
  return mergeObjects(base, override)
}

function mergeObjects(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(base)) {
    const next = override[key]
    if (next === undefined || next === null) merged[key] = value
    else if (isJsonObject(value) && isJsonObject(next)) merged[key] = mergeObjects(value, next)
    else merged[key] = next
  }
  for (const [key, value] of Object.entries(override)) {
    if (!Object.hasOwn(base, key)) merged[key] = value
  }
  return merged
}
