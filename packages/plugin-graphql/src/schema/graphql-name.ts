/** What GraphQL accepts as a name (spec §2.1.9); names starting with `__` are reserved for introspection. */
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

export function isGraphQLName(name: string): boolean {
  return NAME.test(name) && !name.startsWith('__')
}

/** A legal name derived from `name` for a suggestion: illegal characters become `_`, a leading digit gets `_`. */
export function suggestGraphQLName(name: string): string {
  let out = name.replace(/[^_0-9A-Za-z]/g, '_').replace(/^_+/, '')
  if (out === '' || /^[0-9]/.test(out)) out = `f_${out}`
  return out
}
