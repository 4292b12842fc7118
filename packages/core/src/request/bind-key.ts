import { SluiceError } from '../errors/sluice-error.js'
import type { EntityModel } from '../model/service-model.js'
import { describeValue } from '../util/describe-value.js'
import { coerceValue } from './coerce-value.js'
import type { KeyValue } from './parsed-request.js'
import type { RequestTerms } from './request-terms.js'

/** Binds key values (API field name → raw value) to the entity's key fields, in key order, coerced to their types. */
export function bindKey(entity: EntityModel, key: Readonly<Record<string, unknown>>, terms: RequestTerms): KeyValue[] {
  const parts = bindKeyParts(entity, key, terms)
  if (parts.length !== entity.keyFields.length) {
    throw new SluiceError('SLUICE_ERR_KEY_MISMATCH', {
      entity: entity.name,
      expected: entity.keyFields.map((f) => f.name).join(', '),
    })
  }
  return parts
}

/**
 * Binds the key parts given, which may be fewer than the key (a keyless PUT/PATCH leaves out the parts the
 * database generates). Every name must be a key field and every value must fit its type.
 */
export function bindKeyParts(
  entity: EntityModel,
  key: Readonly<Record<string, unknown>>,
  terms: RequestTerms,
): KeyValue[] {
  if (entity.keyFields.length === 0) throw new SluiceError('SLUICE_ERR_NO_KEY', { entity: entity.name })
  for (const name of Object.keys(key)) {
    const field = entity.fieldsByName.get(name)
    if (field === undefined || !field.primaryKey)
      throw new SluiceError('SLUICE_ERR_UNKNOWN_KEY', { name, entity: entity.name })
  }
  const parts: KeyValue[] = []
  for (const field of entity.keyFields) {
    if (!Object.hasOwn(key, field.name)) continue
    const raw = key[field.name]
    const r = coerceValue(field.type, raw, 'any')
    if (!r.ok) {
      throw new SluiceError('SLUICE_ERR_INVALID_VALUE', {
        value: describeValue(raw),
        field: field.name,
        place: terms.key,
        expected: r.expected,
      })
    }
    parts.push({ field, value: r.value })
  }
  return parts
}
