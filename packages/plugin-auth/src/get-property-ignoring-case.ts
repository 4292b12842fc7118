/** A property by name, matched case-insensitively as .NET's JSON reader does for EasyAuth payloads (exact match first). */
export function getPropertyIgnoringCase(object: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name]
  const lower = name.toLowerCase()
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower)
  return key === undefined ? undefined : object[key]
}
