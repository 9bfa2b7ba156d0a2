import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { isEmailAddress, MAX_EMAIL_LENGTH, MSG } from '@portal/contracts';
import { normalizeEmail } from './transforms';

/**
 * One bare e-mail address (contracts' isEmailAddress: validator.js's isEmail with its defaults, at most 254
 * characters), the rule the forms apply too. Named as class-validator's IsEmail, so the API reference says
 * `format: email`. Signing in keeps the spec's loose pattern (SIGN_IN_EMAIL_PATTERN) for accounts stored before.
 */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return (object: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isEmail',
      target: object.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => isEmailAddress(value) },
    });
}

/**
 * A required e-mail field: trimmed and lower-cased, then required, a string, at most MAX_EMAIL_LENGTH, one address
 * (class-validator runs the decorators bottom-up and stops at the first failure: "required" sits nearest).
 */
export function EmailField(): PropertyDecorator {
  return applyDecorators(
    IsEmailAddress({ message: MSG.emailInvalid }),
    MaxLength(MAX_EMAIL_LENGTH, { message: MSG.emailInvalid }),
    IsNotEmpty({ message: MSG.emailRequired }),
    IsString({ message: MSG.emailRequired }),
    Transform(normalizeEmail),
  );
}
