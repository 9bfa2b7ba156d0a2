import { Param, ParseUUIDPipe } from '@nestjs/common';
import { CommonException } from './domain.exception';

/** The :id (or another named) path parameter, a record id (a v4 UUID): anything else is a 400, never a lookup. */
export const IdParam = (name = 'id') =>
  Param(
    name,
    new ParseUUIDPipe({ version: '4', exceptionFactory: (message) => CommonException.validationFailed(message) }),
  );
