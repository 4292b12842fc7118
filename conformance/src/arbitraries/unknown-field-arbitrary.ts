import * as fc from 'fast-check'

/**
 * Field names an entity with fields `known` does not have: case variants and extensions of real names, random
 * identifiers, and names with spaces, quotes, `&`, `=`, `+`, `%` or non-ASCII letters. Never empty, never with a
 * comma or surrounding whitespace (`$select` splits on commas and trims names).
 */
export function createUnknownFieldArbitrary(known: readonly string[]): fc.Arbitrary<string> {
  const isUnknown = (name: string): boolean =>
    name !== '' && name.trim() === name && !name.includes(',') && !known.includes(name)
  return fc
    .oneof(
      fc.constantFrom(...known).map((name) => (name.toUpperCase() === name ? name.toLowerCase() : name.toUpperCase())),
      fc.constantFrom(...known).map((name) => `${name}_x`),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/),
      fc.string({
        unit: fc.constantFrom('a', 'Z', ' ', "'", '&', '=', '+', '%', '#', 'é', '名', '$'),
        minLength: 1,
        maxLength: 6,
      }),
    )
    .filter(isUnknown)
}
