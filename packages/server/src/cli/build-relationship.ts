import { parseBooleanLike } from './parse-boolean-like.js'
import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import type { VerbOptions } from './verb-options.js'

const RELATIONSHIP_FLAGS = [
  'cardinality',
  'target.entity',
  'relationship.fields',
  'linking.object',
  'linking.source.fields',
  'linking.target.fields',
]

/**
 * `dab update --relationship NAME --cardinality one|many --target.entity T [--relationship.fields "a,b:c,d"]
 * [--linking.object O --linking.source.fields … --linking.target.fields …]` as the relationship to write, checked as
 * `dab` checks it: GraphQL on globally and on the target, the target exists. `undefined` when `--relationship` is
 * absent (its companion flags alone are an error; `dab` ignores them).
 */
export function readRelationship(
  options: VerbOptions,
  config: JsonObject,
): { name: string; relationship: JsonObject } | undefined {
  const name = options.string('relationship')
  if (name === undefined) {
    const stray = RELATIONSHIP_FLAGS.find((flag) => options.has(flag))
    if (stray !== undefined) throw new CliError(`--${stray} configures a relationship: add --relationship NAME.`)
    return undefined
  }
  const cardinality = options.string('cardinality')
  const target = options.string('target.entity')
  if (cardinality === undefined || target === undefined) {
    throw new CliError('Missing mandatory fields (cardinality and targetEntity) required to configure a relationship.')
  }
  const runtime = isJsonObject(config['runtime']) ? config['runtime'] : {}
  const graphql = runtime['graphql']
  if (isJsonObject(graphql) && parseBooleanLike(graphql['enabled']) === false) {
    throw new CliError(
      'Cannot add/update relationship as GraphQL is disabled in the global runtime settings of the config.',
    )
  }
  const entities = isJsonObject(config['entities']) ? config['entities'] : {}
  const targetEntity = entities[target]
  if (targetEntity === undefined)
    throw new CliError(`Entity: '${target}' is not present. Relationship cannot be added.`)
  const lower = cardinality.trim().toLowerCase()
  if (lower !== 'one' && lower !== 'many') {
    throw new CliError(`Failed to parse the given cardinality :'${cardinality}'. Supported values are 'one' or 'many'.`)
  }
  if (isJsonObject(targetEntity) && isGraphQLDisabled(targetEntity['graphql'])) {
    throw new CliError(`Entity: '${target}' cannot be used in relationship as it is disabled for GraphQL.`)
  }
  let sourceFields: string[] = []
  let targetFields: string[] = []
  const pairs = options.list('relationship.fields', ':')
  if (pairs !== undefined && pairs.length > 0) {
    if (pairs.length !== 2)
      throw new CliError(
        "Please provide the --relationship.fields in the correct format using ':' between source and target fields.",
      )
    sourceFields = splitList(pairs[0]!)
    targetFields = splitList(pairs[1]!)
  }
  const linkingObject = options.string('linking.object')
  return {
    name,
    relationship: {
      cardinality: lower,
      'target.entity': target,
      'source.fields': sourceFields,
      'target.fields': targetFields,
      ...(linkingObject === undefined ? {} : { 'linking.object': linkingObject }),
      'linking.source.fields': options.list('linking.source.fields', ',') ?? [],
      'linking.target.fields': options.list('linking.target.fields', ',') ?? [],
    },
  }
}

function isGraphQLDisabled(raw: unknown): boolean {
  if (isJsonObject(raw)) return parseBooleanLike(raw['enabled']) === false
  return parseBooleanLike(raw) === false
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}
