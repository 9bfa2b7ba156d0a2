import { Param, ParseUUIDPipe } from '@nestjs/common';
import { CommonException } from './domain.exception';

/** The :id path parameter, which must be a record id (a v4 UUID): anything else is a 400, never a lookup. */
export const IdParam = () =>
  Param(
    'id',
    new ParseUUIDPipe({ version: '4', exceptionFactory: (message) => CommonException.validationFailed(message) }),
  );
