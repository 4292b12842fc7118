/**
 * SQL that keeps an answer past the server's text limit from passing as a short or empty one. Past
 * `max_allowed_packet`, MySQL and MariaDB answer CONCAT and (MariaDB) JSON_OBJECT with NULL, and GROUP_CONCAT with its
 * text cut at `group_concat_max_len` (itself capped at `max_allowed_packet`; cut at a character boundary, so the cut
 * text may still fit a CONCAT) — each with only a warning. So:
 *
 * - a record with relationships is joined as text (`CONCAT`), never as a JSON_OBJECT value (which writes NULL as
 *   `null`): a relationship that could not be built (NULL) makes its parent's record NULL, up to the top;
 * - a nested page and an aggregation's groups check their own text in `HAVING` — short of the limit, and valid JSON
 *   — else it is NULL; a record that could not be built, which GROUP_CONCAT would skip, stands in it as invalid JSON
 *   (`orInvalid`);
 * - a root page is aggregated over a materialized derived table, whose records' lengths and NULLs are summed for free
 *   (`boundedPage`); a record read alone is checked for NULL.
 *
 * What cannot be built comes back as `data` = `''`, which core reports (`SLUICE_ERR_DATABASE_RESULT_TOO_LARGE`).
 */

/** The longest text the session builds: GROUP_CONCAT stops at the first limit, other functions at the second. */
const TEXT_LIMIT = 'LEAST(@@group_concat_max_len, @@max_allowed_packet)'

/** `data` of an answer the server could not build: no JSON text is empty. */
const TOO_LARGE = "''"

/**
 * Whether a text of `length` bytes is whole: GROUP_CONCAT cuts at a character boundary, up to 3 bytes short of the
 * limit, so a text within 4 bytes of it may have been cut (and is refused). NULL when `length` is NULL.
 */
function fitsTextLimit(length: string): string {
  return `${length} <= ${TEXT_LIMIT} - 4`
}

/**
 * A record among a string aggregate's values (a nested page's, an aggregation's) or, when it could not be built, `!`:
 * the aggregated text is then not valid JSON (`checkedText`) rather than silently lacking the record. (A text as long
 * as the limit would do too, but its declared length alone costs GROUP_CONCAT about 0.5 ms per statement: MariaDB.)
 */
export function orInvalid(record: string): string {
  return `COALESCE(${record}, '!')`
}

/**
 * `data` of a page aggregated over a derived table: `page` (the JSON array text of the records `record`, joined by
 * `separatorBytes`-byte separators, in brackets) when every record was built and the whole text fits, or when there
 * are no rows; else `''`. The length is summed from the records — a record not built counts as the whole limit — so
 * a cut text is never read.
 */
export function boundedPage(page: string, record: string, separatorBytes: number): string {
  // Each record with a separator after it; the brackets take the place of the last one.
  const records = `SUM(COALESCE(LENGTH(${record}) + ${separatorBytes}, ${TEXT_LIMIT}))`
  const length = separatorBytes === 2 ? records : `${records} + ${2 - separatorBytes}`
  // Without rows the sum is NULL: the page is what the aggregate makes of no rows.
  return `IF(COALESCE(${fitsTextLimit(length)}, TRUE), ${page}, ${TOO_LARGE})`
}

/** `data` from a text (a record read alone, an aggregation's array): `''` when it could not be built (NULL). */
export function orTooLarge(text: string): string {
  return `COALESCE(${text}, ${TOO_LARGE})`
}

/** A to-one relationship as JSON text: the first row's record from `from`, `null` without one, NULL if not built. */
export function nestedRecordText(record: string, from: string): string {
  return `NULLIF(COALESCE((SELECT COALESCE(${record}, ${TOO_LARGE}) FROM ${from}), 'null'), ${TOO_LARGE})`
}

/**
 * The text a sub-query over `from` builds — a nested page's connection, an aggregation's array — or NULL when it is
 * too long or lacks a record (`orInvalid`). `HAVING` reads the sub-query's own alias: the text is built once.
 */
export function checkedText(text: string, from: string): string {
  const alias = '`sluice:text`'
  const whole = `${fitsTextLimit(`LENGTH(${alias})`)} AND JSON_VALID(${alias})`
  return `(SELECT ${text} AS ${alias} FROM ${from} HAVING ${whole})`
}
