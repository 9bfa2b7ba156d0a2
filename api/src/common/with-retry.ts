import { Logger } from '@nestjs/common';
import { CommonException } from './domain.exception';

/** MySQL/MariaDB gave up this transaction to let another go on: running it again is the documented remedy. */
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const logger = new Logger('Transactions');

export function isRetryable(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  return RETRYABLE.has(err?.driverError?.code ?? err?.code ?? '');
}

/**
 * Runs a whole transaction (`() => db.transaction(...)`) again when the database chose it as a deadlock victim or
 * its lock wait timed out: up to `attempts` times, after a short random pause. The work must be the transaction
 * itself, so that a retry repeats all of it (nothing of a failed attempt was committed); side effects outside the
 * database belong after it. When the last attempt meets one too, the caller is answered 409 CHANGED_CONCURRENTLY
 * (nothing was saved: save again), never a 500. Writers of several rows take their locks in one order (sorted keys),
 * which keeps this rare.
 */
export async function withRetry<T>(transaction: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (e) {
      if (!isRetryable(e)) throw e;
      if (attempt >= attempts) {
        logger.warn(`gave up a transaction after ${attempts} attempts: ${(e as Error).message}`);
        throw CommonException.changedConcurrently();
      }
      logger.warn(`retrying a transaction (attempt ${attempt + 1} of ${attempts}): ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40 * attempt));
    }
  }
}
