import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Per-request log lines at `debug` instead of fastify's `info`, so a production log at `info` carries start-up,
 * warnings and errors only, while `debug` shows every request with its status and time.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'request')
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const entry = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...entry, err: error }, 'request failed')
    else reply.log.debug(entry, 'response')
  }
}
