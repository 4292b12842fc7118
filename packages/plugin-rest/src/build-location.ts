import type { EntityModel, HttpRequest, KeyPart } from '@sluice/core/protocol'

/**
 * `Location` of a created row (SPEC REST writes rule 7): the entity's path with the key as `/{name}/{value}` pairs
 * in definition order, API-level names, absolute as the client addressed the server (under `runtime.base-route`).
 */
export function buildLocation(request: HttpRequest, prefix: string, entity: EntityModel, key: readonly KeyPart[], baseRoute = ''): string {
  const pairs = key.map((k) => `/${encodeURIComponent(k.name)}/${encodeURIComponent(k.value)}`).join('')
  const path = entity.rest.path.split('/').map(encodeURIComponent).join('/')
  return `${request.protocol}://${request.host}${baseRoute}${prefix}/${path}${pairs}`
}
