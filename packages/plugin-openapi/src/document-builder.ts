import type { HttpVerb, Operation, PathItem, Schema } from './openapi-types.js'

/** The mutable parts of one document while it is being built: paths, tags and entity schemas. */
export class DocumentBuilder {
  readonly paths: Record<string, { -readonly [V in HttpVerb]?: Operation }> = {}
  readonly schemas: Record<string, Schema> = {}
  readonly tags: { name: string; description?: string }[] = []
  readonly #operationIds = new Set<string>()

  addTag(name: string, description: string | undefined): void {
    this.tags.push(description === undefined ? { name } : { name, description })
  }

  addSchema(name: string, schema: Schema): void {
    this.schemas[name] = schema
  }

  /** Adds an operation; its `operationId` gets a number appended if another operation already has it. */
  addOperation(path: string, verb: HttpVerb, operation: Operation): void {
    let id = operation.operationId
    for (let n = 2; this.#operationIds.has(id); n++) id = `${operation.operationId}${n}`
    this.#operationIds.add(id)
    const item = (this.paths[path] ??= {})
    item[verb] = id === operation.operationId ? operation : { ...operation, operationId: id }
  }

  get pathItems(): Record<string, PathItem> {
    return this.paths
  }
}
