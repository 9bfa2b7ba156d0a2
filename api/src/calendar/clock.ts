import { Injectable } from '@nestjs/common';

/** The time now: one injectable source, so tests set the moment instead of waiting for it (jest.spyOn(clock, 'now')). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
