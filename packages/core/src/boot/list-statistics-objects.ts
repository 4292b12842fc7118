import { qualifiedKey, type QualifiedName } from '../model/database-metadata.js'
import type { ServiceModel } from '../model/service-model.js'

/**
 * The objects whose statistics the read-cost estimate of one data source uses: its entities' tables and views, and
 * the linking objects of their relationships, each once, as the model resolved them. Stored procedures have none.
 */
export function listStatisticsObjects(model: ServiceModel, dataSource: string): QualifiedName[] {
  const objects = new Map<string, QualifiedName>()
  for (const entity of model.entities.values()) {
    if (entity.dataSource !== dataSource || entity.kind === 'stored-procedure') continue
    objects.set(qualifiedKey(entity.source), entity.source)
    for (const relationship of entity.relationships.values()) {
      if (relationship.linking !== undefined)
        objects.set(qualifiedKey(relationship.linking.object), relationship.linking.object)
    }
  }
  return [...objects.values()]
}
