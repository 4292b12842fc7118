import { SluiceError } from '../errors/sluice-error.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { RequestTerms } from './request-terms.js'

/** Resolves selected API names to fields, in the order given, dropping repeats. */
export function bindSelect(entity: EntityModel, names: readonly string[], terms: RequestTerms): FieldModel[] {
  const out: FieldModel[] = []
  const seen = new Set<string>()
  for (const name of names) {
    const field = entity.fieldsByName.get(name)
    if (field === undefined) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: name, place: terms.select })
    if (!seen.has(name)) {
      seen.add(name)
      out.push(field)
    }
  }
  return out
}
