/**
 * Storage's error shape (storage-api `StorageBackendError.render` and its
 * error handler): `{statusCode, code, error, message}` with the intended
 * status as a string, sent with HTTP 400 unless that status is 500 (storage-api's
 * `userStatusCode`). storage-js reads `code`, `statusCode` and `message` from it.
 */
export class StorageError extends Error {
  constructor(
    /** The intended status ("404", "413", …), which rides in the body. */
    readonly statusCode: number,
    readonly code: string,
    readonly errorName: string,
    message: string,
  ) {
    super(message)
    this.name = 'StorageError'
  }

  get wireStatus(): number {
    return this.statusCode === 500 ? 500 : 400
  }

  toBody(): Record<string, string> {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.errorName,
      message: this.message,
    }
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (type: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      'invalid_mime_type',
      `mime type ${type} is not supported`,
    ),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  invalidKey: (key: string) =>
    new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  /**
   * A key S3 cannot hold (over 1024 bytes): storage-api passes S3's
   * KeyTooLongError on as `StorageBackendError.fromError` renders any S3 error.
   */
  keyTooLong: () => new StorageError(400, 'S3Error', 'S3Error', 'KeyTooLongError'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidParameter: (name: string) =>
    new StorageError(400, 'InvalidParameter', 'InvalidParameter', `Invalid Parameter ${name}`),
  invalidRequest: (message: string) =>
    new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  // 501, not storage-api's own 409 for features it has switched off: 409 is also
  // "already exists", which an idempotent createBucket ignores, so a refusal
  // here would pass for success.
  notSupported: (feature: string) =>
    new StorageError(
      501,
      'NotSupported',
      'NotSupported',
      `${feature} is not supported by the local Supabase stack`,
    ),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, 'InvalidRequest', 'Not Found', `Route ${method}:${path} not found`),
  internal: () => new StorageError(500, 'InternalError', 'internal', 'Internal server error'),
}

/** A Postgres error from the caller's statement, as Storage reports it. */
export function fromDatabaseError(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : ''
  if (code === '42501') {
    return storageErrors.accessDenied(
      message.includes('row-level security')
        ? 'new row violates row-level security policy'
        : message,
    )
  }
  if (code === '23505') return storageErrors.alreadyExists()
  if (code === '23503') {
    return new StorageError(
      404,
      'InvalidRequest',
      'InvalidRequest',
      'The related resource does not exist',
    )
  }
  if (code === '22P02' || code === '22023') return storageErrors.invalidRequest(message)
  return null
}
