import type { ScalarType } from '@sluice/core/dialect'

/**
 * A value as text that Sluice's binder reads back exactly (cursor and key values): ISO 8601 (style 126) for dates
 * and times, 17 significant digits (style 3) for floating point, `true`/`false` for bit. A column whose type the
 * plan does not say (an ordering column left out of the output) gets style 126 too, which every orderable type
 * accepts.
 */
export function mssqlValueText(expression: string, type: ScalarType | undefined): string {
  switch (type) {
    case 'boolean':
      return `CASE ${expression} WHEN 1 THEN N'true' WHEN 0 THEN N'false' END`
    case 'float':
    case 'single':
      return `CONVERT(nvarchar(64), ${expression}, 3)`
    case 'string':
    case 'uuid':
    case 'json':
      return `CONVERT(nvarchar(max), ${expression})`
    case undefined:
      return `CONVERT(nvarchar(max), ${expression}, 126)`
    default:
      return `CONVERT(nvarchar(64), ${expression}, 126)`
  }
}

/** JSON array text of text values (`["a",null]`), built by concatenation: FOR JSON cannot make a plain array. */
export function mssqlJsonTextArray(texts: readonly string[]): string {
  const items = texts.map((t) => `COALESCE(N'"' + STRING_ESCAPE(${t}, 'json') + N'"', N'null')`)
  return items.length === 0 ? `N'[]'` : `N'[' + ${items.join(` + N',' + `)} + N']'`
}
