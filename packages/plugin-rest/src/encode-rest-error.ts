import { encodeErrorEnvelope, type ErrorContext, type HttpResponse, type SluiceError } from '@sluice/core/protocol'

/** REST answers errors in the specification's envelope `{"error":{"code","message","status"}}` (core's encoder). */
export function encodeRestError(error: SluiceError, context: ErrorContext): HttpResponse {
  return encodeErrorEnvelope(error, context)
}
