import { qualifiedKey } from '../model/database-metadata.js'
import type { ColumnStatistics, DatabaseStatistics } from '../model/object-statistics.js'
import type { RelationshipModel } from '../model/relationship-model.js'
import type { ServiceModel } from '../model/service-model.js'
import type { ModelStatistics } from '../request/model-statistics.js'

/**
 * What an average number of rows per value (MariaDB's index cardinality, SQLite's `sqlite_stat1`) is multiplied by
 * to stand for the most rows one value can have: an average hides skew (one customer with most of the orders), and
 * the estimate must not admit a read the data makes much larger. Page sizes still cap every level.
 */
export const AVERAGE_ROWS_PER_VALUE_SAFETY_FACTOR = 10

/**
 * Resolves one data source's catalog statistics onto its entities and relationships in `target`: an entity's rows
 * from its table; a `many` relationship's fan-out from the target table's first join column, or for a linking
 * relationship from the linking object's first source-side column (with several join columns, the first column's
 * figure bounds the rows matching all of them). A figure the catalog lacks, or says is zero (a table it saw empty
 * may have been filled since), is forgotten, so the estimate falls back to page sizes there.
 */
export function applyStatistics(
  model: ServiceModel,
  dataSource: string,
  statistics: DatabaseStatistics,
  target: ModelStatistics,
): void {
  for (const entity of model.entities.values()) {
    if (entity.dataSource !== dataSource) continue
    const rows =
      entity.kind === 'stored-procedure' ? undefined : statistics.objects.get(qualifiedKey(entity.source))?.rows
    target.setRows(entity, wholeRows(rows))
    for (const relationship of entity.relationships.values()) {
      target.setFanOut(
        relationship,
        relationship.cardinality === 'many' ? wholeRows(readFanOut(model, relationship, statistics)) : undefined,
      )
    }
  }
}

function readFanOut(
  model: ServiceModel,
  relationship: RelationshipModel,
  statistics: DatabaseStatistics,
): number | undefined {
  const { linking } = relationship
  const object = linking?.object ?? model.entities.get(relationship.target)?.source
  const column = linking === undefined ? relationship.targetColumns[0] : linking.sourceColumns[0]
  if (object === undefined || column === undefined) return undefined
  const figures = statistics.objects.get(qualifiedKey(object))?.columns.get(column)
  return figures === undefined ? undefined : rowsPerValue(figures)
}

function rowsPerValue(column: ColumnStatistics): number | undefined {
  if (column.maxRowsPerValue !== undefined) return column.maxRowsPerValue
  return column.averageRowsPerValue === undefined
    ? undefined
    : column.averageRowsPerValue * AVERAGE_ROWS_PER_VALUE_SAFETY_FACTOR
}

/** A positive estimate as a whole number of rows (rounded up, past float noise such as 0.016666668 × 1800); else undefined. */
function wholeRows(estimate: number | undefined): number | undefined {
  if (estimate === undefined || !Number.isFinite(estimate) || estimate <= 0) return undefined
  return Math.max(1, Math.ceil(estimate * (1 - 1e-6)))
}
