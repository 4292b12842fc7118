import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { encodeErrorEnvelope, SluiceError, type HostMode } from '@sluice/core'
import { sendHttpResponse, toHttpRequest } from './http-adapter.js'
import { toSluiceError } from './to-sluice-error.js'

/**
 * fastify's `frameworkErrors`: failures its router raises before any route or handler runs (a path with malformed
 * percent-encoding, …) answered in the REST error envelope instead of fastify's own body.
 */
export function createFrameworkErrorHandler(mode: HostMode) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = (request.raw.url ?? '').split('?')[0]
    const coded =
      error.code === 'FST_ERR_BAD_URL'
        ? new SluiceError('SLUICE_ERR_INVALID_PATH', { path, detail: 'malformed percent-encoding.' })
        : toSluiceError(error, request.log, 0)
    void sendHttpResponse(reply, encodeErrorEnvelope(coded, { mode, request: toHttpRequest(request) }))
  }
}
