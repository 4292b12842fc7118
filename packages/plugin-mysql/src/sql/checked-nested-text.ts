/**
 * MariaDB's forms of `orInvalid` and `checkedText` (mysql-text-limit.ts) for nested pages, without JSON_VALID:
 * MariaDB's JSON functions stop at 32 levels of nesting (JSON_VALID answers 0, with only a note), and a nested page's
 * text holds every level under it — three per nested page, one per to-one record — so from about 16 relationships
 * deep a whole, short answer was taken for one that could not be built (413). A record that could not be built stands
 * among the page's records as the control character U+0001 instead, which no JSON text holds unescaped (JSON_OBJECT,
 * JSON_ARRAY and JSON_QUOTE write it `\u0001`; a JSON column's value is valid JSON), and the text is searched for it:
 * no depth limit. The search is for the byte 0x01 in the text as utf8mb4, where only U+0001 has it (UCS-2 or UTF-16
 * text has it in other characters; for the usual utf8mb4 text the conversion is a no-op): searching for the character
 * under the text's collation costs about as much as JSON_VALID, the byte search next to nothing.
 */

/** The mark of a record that could not be built. */
const UNBUILT = 'CHAR(1 USING utf8mb4)'

/** The longest text the session builds (see mysql-text-limit.ts). */
const TEXT_LIMIT = 'LEAST(@@group_concat_max_len, @@max_allowed_packet)'

/** A record among a nested page's aggregated records or, when it could not be built (NULL), the mark U+0001. */
export function orUnbuiltMark(record: string): string {
  return `COALESCE(${record}, ${UNBUILT})`
}

/**
 * The connection text a nested page's sub-query over `from` builds, or NULL when it is too long (within 4 bytes of the
 * limit: GROUP_CONCAT may have cut it) or holds the mark of a record that could not be built. `HAVING` reads the
 * sub-query's own alias: the text is built once.
 */
export function checkedNestedText(text: string, from: string): string {
  const alias = '`sluice:text`'
  const unmarked = `INSTR(CAST(CONVERT(${alias} USING utf8mb4) AS BINARY), X'01') = 0`
  return `(SELECT ${text} AS ${alias} FROM ${from} HAVING LENGTH(${alias}) <= ${TEXT_LIMIT} - 4 AND ${unmarked})`
}
