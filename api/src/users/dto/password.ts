import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MSG, NOT_BLANK_PATTERN } from '@portal/contracts';

/** A password being set (register, create user, change, reset): required, not blank, 6 to 128 characters. */
export function NewPassword(): PropertyDecorator {
  // Applied in the order checked: validation stops at the first failure.
  const steps = [
    IsString({ message: MSG.passwordRequired }),
    IsNotEmpty({ message: MSG.passwordRequired }),
    Matches(NOT_BLANK_PATTERN, { message: MSG.passwordBlank }),
    MinLength(MIN_PASSWORD_LENGTH, { message: MSG.passwordMin }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
  ];
  return (target, key) => steps.forEach((d) => d(target, key));
}
