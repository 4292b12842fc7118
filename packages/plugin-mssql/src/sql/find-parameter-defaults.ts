/**
 * Which parameters of a T-SQL procedure declare a default (`@limit INT = 10`), read from its definition
 * (`OBJECT_DEFINITION`): SQL Server's catalog does not say (`sys.parameters.has_default_value` is set for CLR
 * procedures only). Comments and string literals are blanked first; each parameter's first declaration is
 * `@name <type>[(…)] [VARYING] [= default] [OUT|OUTPUT|READONLY]`, and the parameter list ends at the `AS` that
 * opens the body. Names compare case-insensitively, as SQL Server's default collations do.
 */
export function findParameterDefaults(definition: string | null): Set<string> {
  const defaults = new Set<string>()
  if (definition === null) return defaults
  const text = blankCommentsAndStrings(definition)
  const header = /\bCREATE\s+(?:OR\s+ALTER\s+)?PROC(?:EDURE)?\b/i.exec(text)
  if (header === null) return defaults
  const declaration =
    /@([\p{L}\p{N}_@#$]+)\s+(?:\[[^\]]*\]|[\p{L}\p{N}_.]+)(?:\s*\([^)]*\))?(?:\s+VARYING)?\s*(=)?|\bAS\b/giu
  declaration.lastIndex = header.index + header[0].length
  for (let match = declaration.exec(text); match !== null; match = declaration.exec(text)) {
    if (match[1] === undefined) break // the body's AS
    if (match[2] !== undefined) defaults.add(match[1].toLowerCase())
  }
  return defaults
}

/** Replaces `-- …`, `/* … *\/` and `'…'` with spaces of the same length, so their contents cannot be mistaken for code. */
function blankCommentsAndStrings(text: string): string {
  return text.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|N?'(?:[^']|'')*'/g, (m) =>
    m.startsWith("'") || m.startsWith("N'") ? `'${' '.repeat(Math.max(0, m.length - 2))}'` : ' '.repeat(m.length),
  )
}
