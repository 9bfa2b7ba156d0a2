import { Injectable } from '@nestjs/common';

/**
 * The time now: the API's one source of it (lint forbids `new Date()`, `Date.now()` and `dayjs()` elsewhere), so tests
 * set the moment instead of waiting for it (jest.spyOn(app.get(Clock), 'now')).
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
