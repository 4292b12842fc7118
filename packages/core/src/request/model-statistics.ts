import type { EntityModel } from '../model/service-model.js'
import type { RelationshipModel } from '../model/relationship-model.js'

/** What the read-cost estimate knows of the data, per model object: undefined where the catalog gives no figure. */
export interface ReadCostStatistics {
  /** The estimated rows of the entity's table or view. */
  rowsOf(entity: EntityModel): number | undefined
  /** A `many` relationship: the most target rows one source record can have. */
  fanOutOf(relationship: RelationshipModel): number | undefined
}

/**
 * The catalog's figures resolved onto the service model's objects (whole numbers, at least 1), so the estimate reads
 * them per entity and relationship with one `WeakMap` lookup and no allocation (the model is frozen, so the figures
 * sit beside it, keyed by its objects). One per booted Sluice: boot writes the figures after introspection and on
 * every background refresh (`startStatisticsRefresh`), the pipeline reads them (`PipelineParts.statistics`);
 * nothing else touches them.
 */
export class ModelStatistics implements ReadCostStatistics {
  readonly #rows = new WeakMap<EntityModel, number>()
  readonly #fanOut = new WeakMap<RelationshipModel, number>()

  rowsOf(entity: EntityModel): number | undefined {
    return this.#rows.get(entity)
  }

  fanOutOf(relationship: RelationshipModel): number | undefined {
    return this.#fanOut.get(relationship)
  }

  /** Sets (or, with undefined, forgets) the entity's estimated rows. */
  setRows(entity: EntityModel, rows: number | undefined): void {
    if (rows === undefined) this.#rows.delete(entity)
    else this.#rows.set(entity, rows)
  }

  /** Sets (or, with undefined, forgets) the relationship's fan-out. */
  setFanOut(relationship: RelationshipModel, rows: number | undefined): void {
    if (rows === undefined) this.#fanOut.delete(relationship)
    else this.#fanOut.set(relationship, rows)
  }
}
