/** Role names as a Principal holds them: trimmed, lower-cased (roles compare case-insensitively), no blanks or repeats. */
export function normalizeRoles(roles: readonly string[]): readonly string[] {
  const out: string[] = []
  for (const role of roles) {
    const name = role.trim().toLowerCase()
    if (name !== '' && !out.includes(name)) out.push(name)
  }
  return Object.freeze(out)
}
