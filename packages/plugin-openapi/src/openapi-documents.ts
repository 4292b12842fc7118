import type { ServiceModel } from '@sluice/core/protocol'
import { buildOpenApiDocument } from './build-openapi-document.js'

/**
 * Every document this server serves, serialized once at start-up (no per-request work): the anonymous view for the
 * base path and, in development mode, one per role some entity's permissions name (SPEC §OpenAPI rules 1 and 3).
 * Role names compare case-insensitively, as everywhere else.
 */
export class OpenApiDocuments {
  readonly base: string
  readonly #byRole = new Map<string, string>()

  constructor(model: ServiceModel) {
    this.base = JSON.stringify(buildOpenApiDocument(model, 'anonymous'))
    if (model.config.runtime.host.mode !== 'development') return
    for (const role of configuredRoles(model)) {
      this.#byRole.set(role, role === 'anonymous' ? this.base : JSON.stringify(buildOpenApiDocument(model, role)))
    }
  }

  /** The document of a role, or `undefined` for a role no entity names (or any role in production). */
  forRole(role: string): string | undefined {
    return this.#byRole.get(role.toLowerCase())
  }

  /** The roles with a document of their own, lower-cased, in the order config first names them. */
  get roles(): readonly string[] {
    return [...this.#byRole.keys()]
  }
}

/** Lower-cased role names of every entity's permissions, REST-enabled or not (a role is a role of the config). */
export function configuredRoles(model: ServiceModel): string[] {
  const roles = new Set<string>()
  for (const entity of model.entities.values()) for (const role of entity.permissions.roles) roles.add(role)
  return [...roles]
}
