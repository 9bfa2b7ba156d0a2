import { QueryFailedError } from 'typeorm';
import { DomainException } from './domain.exception';
import { withRetry } from './with-retry';

const failure = (code: string) => new QueryFailedError('UPDATE x', [], Object.assign(new Error(code), { code }));

describe('withRetry', () => {
  it('runs a deadlock victim or a lock wait timeout again, and answers with the attempt that succeeds', async () => {
    for (const code of ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']) {
      let calls = 0;
      const result = await withRetry(async () => {
        calls++;
        if (calls < 3) throw failure(code);
        return 'done';
      });
      expect({ result, calls }).toEqual({ result: 'done', calls: 3 });
    }
  });

  it('gives up after the last attempt with CHANGED_CONCURRENTLY (save again), and never retries other errors', async () => {
    for (const code of ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']) {
      let calls = 0;
      const error = await withRetry(async () => {
        calls++;
        throw failure(code);
      }, 3).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainException);
      expect(error).toMatchObject({ code: 'CHANGED_CONCURRENTLY', message: expect.stringMatching(/save again/i) });
      expect(calls).toBe(3);
    }
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw failure('ER_DUP_ENTRY');
      }),
    ).rejects.toThrow('ER_DUP_ENTRY');
    expect(calls).toBe(1);
  });
});
