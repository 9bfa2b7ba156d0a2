import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG } from '@portal/contracts';
import { MayOmit } from './may-omit';
import { trim } from './transforms';

/** At most this many characters in a phone number one edits on their own profile. */
export const MAX_PHONE_LENGTH = 30;

/**
 * A phone number one may leave out of a change: when sent, trimmed, then required, a string, at most
 * MAX_PHONE_LENGTH (class-validator runs the decorators bottom-up: "required" sits nearest).
 */
export function OptionalPhoneField(): PropertyDecorator {
  return applyDecorators(
    MaxLength(MAX_PHONE_LENGTH, { message: `Phone number must be at most ${MAX_PHONE_LENGTH} characters` }),
    IsNotEmpty({ message: MSG.phoneRequired }),
    IsString({ message: MSG.phoneRequired }),
    Transform(trim),
    MayOmit(),
  );
}
