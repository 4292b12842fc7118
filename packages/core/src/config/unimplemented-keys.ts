import { isJsonObject } from './read-config-value.js'

/**
 * Config keys Sluice accepts (so Data API builder configs load unchanged) but does not implement yet. Edit this
 * list as features land. `*` stands for any key (an entity name). Keys under `runtime.host` are also found under
 * the top-level `host` SPEC spells.
 */
export const UNIMPLEMENTED_CONFIG_KEYS: readonly string[] = [
  'runtime.cache',
  'runtime.telemetry',
  'runtime.host.max-response-size-mb',
  'runtime.embeddings',
  'runtime.base-route',
  'azure-key-vault',
  'autoentities',
  'data-source.user-delegated-auth',
  'entities.*.cache',
]

/** One warning line per listed key present in the config (once per key, however many entities use it). */
export function findUnimplementedKeys(json: unknown, keys: readonly string[] = UNIMPLEMENTED_CONFIG_KEYS): string[] {
  const warnings: string[] = []
  for (const key of keys) {
    const spellings = key.startsWith('runtime.host.') ? [key, key.slice('runtime.'.length)] : [key]
    for (const spelling of spellings) {
      if (hasKeyPath(json, spelling.split('.'))) {
        warnings.push(`Config key ${spelling} is accepted but not implemented yet; it has no effect.`)
      }
    }
  }
  return warnings
}

function hasKeyPath(node: unknown, segments: readonly string[]): boolean {
  if (segments.length === 0) return node !== undefined && node !== null
  if (!isJsonObject(node)) return false
  const [head, ...rest] = segments as [string, ...string[]]
  if (head === '*') return Object.values(node).some((child) => hasKeyPath(child, rest))
  return Object.hasOwn(node, head) && hasKeyPath(node[head], rest)
}
