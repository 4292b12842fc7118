import { SluiceError, type EntityModel, type RequestContext } from '@sluice/core/protocol'
import { GRAPHQL_TERMS } from './graphql-context.js'

/**
 * A mutation returns the written record as the caller may read it. Fields the caller's role may not read are refused
 * before anything is written — the same 400 a read's selection gets — rather than failing after the write.
 */
export function checkReadableSelection(
  entity: EntityModel,
  select: readonly string[] | undefined,
  context: RequestContext,
): void {
  if (select === undefined) return
  const readable = entity.permissions.resolve(context.role, 'read')?.fields
  for (const field of select) {
    if (readable === undefined || !readable.has(field))
      throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field, place: GRAPHQL_TERMS.select })
  }
}
