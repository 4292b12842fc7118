/**
 * Component and operation names derived from entity names. OpenAPI component keys must match
 * `^[a-zA-Z0-9.\-_]+$`, and entity names are free text, so other characters become `_`; two entities that end up
 * with the same name get numbered suffixes. Built once per document, in config order, so names are stable.
 */
export class ComponentNames {
  readonly #used = new Set<string>()
  readonly #byEntity = new Map<string, string>()

  /** `reserved`: names the document already uses for its own components (the error envelope). */
  constructor(reserved: readonly string[]) {
    for (const name of reserved) this.#used.add(name.toLowerCase())
  }

  /** The base component name of an entity (`Book`, `Book_2` when taken). */
  of(entity: string): string {
    const known = this.#byEntity.get(entity)
    if (known !== undefined) return known
    const base = entity.replace(/[^a-zA-Z0-9._-]/g, '_') || 'Entity'
    let name = base
    for (let n = 2; this.#used.has(name.toLowerCase()); n++) name = `${base}_${n}`
    this.#used.add(name.toLowerCase())
    this.#byEntity.set(entity, name)
    return name
  }
}

/** An operationId part from a component name: letters and digits only, each `_ . -` run dropped. */
export function operationName(componentName: string): string {
  return componentName.replace(/[^a-zA-Z0-9]+/g, '')
}
