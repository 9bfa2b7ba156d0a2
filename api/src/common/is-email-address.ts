import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isEmailAddress } from '@portal/contracts';

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
