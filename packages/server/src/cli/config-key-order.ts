/**
 * The key order Data API builder's serializer writes (its record property order). New keys are inserted at their
 * place in this order, so a file the CLI edits reads like one `dab` wrote; keys of unknown sections go last.
 */
const ORDERS: ReadonlyArray<readonly [pattern: string, keys: readonly string[]]> = [
  ['', ['$schema', 'data-source', 'data-source-files', 'runtime', 'azure-key-vault', 'autoentities', 'entities']],
  ['data-source', ['database-type', 'connection-string', 'options', 'health', 'user-delegated-auth']],
  [
    'runtime',
    [
      'rest',
      'graphql',
      'mcp',
      'host',
      'base-route',
      'telemetry',
      'cache',
      'pagination',
      'health',
      'embeddings',
      'compression',
    ],
  ],
  ['runtime.rest', ['enabled', 'path', 'request-body-strict']],
  ['runtime.graphql', ['enabled', 'path', 'allow-introspection', 'depth-limit', 'multiple-mutations']],
  ['runtime.mcp', ['enabled', 'path', 'dml-tools', 'description', 'allowed-hosts']],
  ['runtime.host', ['cors', 'authentication', 'mode', 'max-response-size-mb']],
  ['runtime.host.cors', ['origins', 'allow-credentials']],
  ['runtime.host.authentication', ['provider', 'jwt']],
  ['runtime.host.authentication.jwt', ['audience', 'issuer']],
  ['runtime.telemetry', ['application-insights', 'open-telemetry', 'azure-log-analytics', 'file', 'log-level']],
  ['runtime.telemetry.application-insights', ['enabled', 'connection-string']],
  ['runtime.telemetry.open-telemetry', ['enabled', 'endpoint', 'headers', 'exporter-protocol', 'service-name']],
  ['runtime.pagination', ['max-page-size', 'default-page-size', 'next-link-relative']],
  ['runtime.cache', ['enabled', 'ttl-seconds', 'level-2']],
  ['runtime.health', ['enabled', 'roles', 'cache-ttl-seconds', 'max-query-parallelism']],
  [
    'entities.*',
    [
      'description',
      'source',
      'fields',
      'graphql',
      'rest',
      'permissions',
      'mappings',
      'relationships',
      'cache',
      'health',
      'mcp',
    ],
  ],
  ['entities.*.source', ['object', 'type', 'parameters', 'key-fields']],
  ['entities.*.source.parameters.*', ['name', 'description', 'required', 'default']],
  ['entities.*.fields.*', ['name', 'alias', 'description', 'primary-key']],
  ['entities.*.graphql', ['enabled', 'operation', 'type']],
  ['entities.*.rest', ['enabled', 'path', 'methods']],
  ['entities.*.cache', ['enabled', 'ttl-seconds', 'level']],
  ['entities.*.mcp', ['custom-tool', 'dml-tools']],
  [
    'entities.*.relationships.*',
    [
      'cardinality',
      'target.entity',
      'source.fields',
      'target.fields',
      'linking.object',
      'linking.source.fields',
      'linking.target.fields',
    ],
  ],
  ['entities.*.permissions.*.actions.*', ['action', 'fields', 'policy']],
]

/** The canonical key order of the object at `path`, if Data API builder has one. */
export function canonicalKeyOrder(path: readonly (string | number)[]): readonly string[] | undefined {
  return ORDERS.find(([pattern]) => matches(pattern, path))?.[1]
}

function matches(pattern: string, path: readonly (string | number)[]): boolean {
  const parts = pattern === '' ? [] : pattern.split('.')
  // `target.entity`-style keys contain dots, but they are leaves: patterns only name objects.
  return parts.length === path.length && parts.every((part, i) => part === '*' || part === path[i])
}

/** Where a new key goes among an object's existing keys: after the last one it follows in `order`. */
export function insertionIndex(existing: readonly string[], key: string, order: readonly string[] | undefined): number {
  const rank = order?.indexOf(key) ?? -1
  if (order === undefined || rank < 0) return existing.length
  let after = -1
  existing.forEach((name, i) => {
    const r = order.indexOf(name)
    if (r >= 0 && r < rank) after = i
  })
  if (after >= 0) return after + 1
  const before = existing.findIndex((name) => order.indexOf(name) > rank)
  return before >= 0 ? before : existing.length
}
