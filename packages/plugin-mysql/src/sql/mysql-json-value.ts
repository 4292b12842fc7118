import type { ScalarType } from '@sluice/core/dialect'

/** A raw newline as an SQL literal. */
const NEWLINE = "'\n'"

/** A column as its JSON value: booleans (TINYINT(1)) as true/false, date-times in ISO form, bytes in base64. */
export function mysqlJsonValue(column: string, type: ScalarType): string {
  switch (type) {
    case 'boolean':
      return `CASE WHEN ${column} IS NULL THEN NULL ELSE JSON_EXTRACT(IF(${column} <> 0, 'true', 'false'), '$') END`
    case 'datetime':
    case 'datetimeoffset':
      // ISO 8601 with the fraction's trailing zeros (and a bare '.') trimmed, as PostgreSQL prints them.
      return `TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM DATE_FORMAT(${column}, '%Y-%m-%dT%H:%i:%s.%f')))`
    case 'bytes':
      // TO_BASE64 wraps lines every 76 characters.
      return `REPLACE(TO_BASE64(${column}), ${NEWLINE}, '')`
    case 'json':
      // A JSON value nests as JSON (MariaDB stores JSON as LONGTEXT: JSON_EXTRACT marks it as JSON).
      return `JSON_EXTRACT(${column}, '$')`
    default:
      return column
  }
}
