import type { EntityModel, HttpRequest, KeyPart } from '@sluice/core/protocol'

/**
 * `Location` of a created row (SPEC REST writes rule 7): the entity's path with the key as `/{name}/{value}` pairs
 * in definition order, API-level names, absolute as the client addressed the server (under `runtime.base-route`).
 */
export function buildLocation(
  request: HttpRequest,
  prefix: string,
  entity: EntityModel,
  key: readonly KeyPart[],
  baseRoute = '',
): string {
  let pairs = ''
  for (const k of key) pairs += `/${encodeURIComponent(k.name)}/${encodeURIComponent(k.value)}`
  return `${request.protocol}://${request.host}${baseRoute}${prefix}/${encodedPath(entity)}${pairs}`
}

/** Each entity's REST path, encoded segment by segment once (every insert answers with a Location). */
const ENCODED_PATHS = new WeakMap<EntityModel, string>()

function encodedPath(entity: EntityModel): string {
  let path = ENCODED_PATHS.get(entity)
  if (path === undefined)
    ENCODED_PATHS.set(entity, (path = entity.rest.path.split('/').map(encodeURIComponent).join('/')))
  return path
}
