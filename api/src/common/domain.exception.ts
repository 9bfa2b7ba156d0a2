import { ErrorCode } from '@portal/contracts';

/**
 * A refusal the domain decided on: a code from the contracts' ErrorCode and the message shown to the user. The HTTP
 * status comes from the code (error-status.ts), so services never pick one. Each module throws its own subclass.
 */
export class DomainException extends Error {
  /** What the body's `message` carries: one text, or one per failed field for validation errors. */
  readonly response: string | string[];

  constructor(
    readonly code: ErrorCode,
    message: string | string[],
    readonly retryAfterSeconds?: number,
  ) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.name = new.target.name;
    this.response = message;
  }
}

/** Refusals that belong to no module: malformed input and an unreachable database. */
export class CommonException extends DomainException {
  static validationFailed(messages: string | string[]): CommonException {
    return new CommonException(ErrorCode.ValidationFailed, messages);
  }

  /**
   * The database gave this write up to let a concurrent one on the same rows go on (a deadlock or a lock wait that
   * timed out), again on every retry: nothing of it was saved.
   */
  static changedConcurrently(): CommonException {
    return new CommonException(
      ErrorCode.ChangedConcurrently,
      'Someone else was saving changes to the same records at the same moment, so nothing was saved. Please save again.',
    );
  }

  static databaseUnavailable(): CommonException {
    return new CommonException(
      ErrorCode.DatabaseUnavailable,
      'The database is unavailable right now. Please try again shortly.',
    );
  }

  /** Readiness refused: each failing check named (e.g. "Not ready: redis: no answer within 1000 ms"). */
  static notReady(failures: string[]): CommonException {
    return new CommonException(ErrorCode.NotReady, `Not ready: ${failures.join('; ')}`);
  }
}
