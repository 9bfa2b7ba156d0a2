import { ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ERROR_CODES, ErrorCode } from '@portal/contracts';
import { toErrorBody } from './all-exceptions.filter';
import { DomainException } from './domain.exception';
import { ERROR_STATUS } from './error-status';

describe('error bodies', () => {
  it('every code has a status, and only codes of the contract are mapped', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('a domain exception takes its status from its code', () => {
    expect(
      toErrorBody(new DomainException(ErrorCode.LeaveNotPending, 'This leave request is already approved')),
    ).toEqual({
      statusCode: 409,
      code: 'LEAVE_NOT_PENDING',
      message: 'This leave request is already approved',
      error: 'Conflict',
    });
    expect(toErrorBody(new DomainException(ErrorCode.ValidationFailed, ['a', 'b']))).toMatchObject({
      statusCode: 400,
      message: ['a', 'b'],
    });
  });

  it('framework exceptions get the generic code of their status', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/x'))).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Cannot GET /api/x',
      error: 'Not Found',
    });
    expect(toErrorBody(new ForbiddenException('no'))).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(toErrorBody(new HttpException('gone', 410))).toMatchObject({
      statusCode: 410,
      code: 'BAD_REQUEST',
      error: 'Gone',
    });
  });

  it('database and transport failures, and anything unknown, never show their details', () => {
    const duplicate = new QueryFailedError(
      'INSERT …',
      [],
      Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' }),
    );
    expect(toErrorBody(duplicate)).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'This record already exists.',
      error: 'Conflict',
    });
    // A deadlock or lock-wait timeout that reached the filter: someone else's write won; save again.
    for (const code of ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'])
      expect(
        toErrorBody(new QueryFailedError('UPDATE …', [], Object.assign(new Error('Deadlock found'), { code }))),
      ).toMatchObject({ statusCode: 409, code: 'CHANGED_CONCURRENTLY', message: expect.stringMatching(/save again/i) });
    expect(toErrorBody(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
    });
    // Waits cut short by database/timeouts.ts: the server does not answer.
    for (const code of ['PROTOCOL_SEQUENCE_TIMEOUT', 'POOL_ACQUIRE_TIMEOUT'])
      expect(toErrorBody(Object.assign(new Error('timed out'), { code }))).toMatchObject({
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
      });
    expect(toErrorBody(Object.assign(new Error('Request body is too large'), { statusCode: 413 }))).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(toErrorBody(new Error('secret stack'))).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
  });
});
