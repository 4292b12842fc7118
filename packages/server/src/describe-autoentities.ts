import { formatQualifiedName, type ServiceModel } from '@sluice/core'

/**
 * One line per `autoentities` definition for `sluice validate`: what it generated from the database, entity by
 * entity with its table (`autoentities.shop generates 2 entities: shop_orders (shop.orders), …`), or that it
 * generated nothing. Empty when the config has no definitions.
 */
export function describeAutoentities(model: ServiceModel): string[] {
  const generated = [...model.entities.values()].filter((entity) => entity.config.autoentity !== undefined)
  return [...model.config.autoentities.keys()].map((definition) => {
    const entities = generated.filter((entity) => entity.config.autoentity === definition)
    if (entities.length === 0) return `autoentities.${definition} generates no entities.`
    const list = entities.map((entity) => `${entity.name} (${formatQualifiedName(entity.source)})`).join(', ')
    return `autoentities.${definition} generates ${entities.length} ${entities.length === 1 ? 'entity' : 'entities'}: ${list}`
  })
}
