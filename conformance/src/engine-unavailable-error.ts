const CODE = 'SLUICE_CONFORMANCE_ENGINE_UNAVAILABLE'

/** An engine that cannot be reached (no server listening, no credentials); the suite skips or, under CI, fails. */
export interface EngineUnavailableError extends Error {
  readonly code: typeof CODE
}

/** The error `ConformanceEngine.open()` rejects with when its database cannot be reached; `reason` is shown as the skip reason. */
export function createEngineUnavailableError(reason: string, cause?: unknown): EngineUnavailableError {
  return Object.assign(new Error(reason, { cause }), { code: CODE } as const)
}

/** Whether `error` says the engine is unavailable (identified by its code, not by `instanceof`). */
export function isEngineUnavailableError(error: unknown): error is EngineUnavailableError {
  return error instanceof Error && (error as { code?: unknown }).code === CODE
}
