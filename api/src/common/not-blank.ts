import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isBlankText } from '@portal/contracts';

/**
 * Text that shows something: refused when nothing is left after removing invisible characters (Unicode White_Space,
 * Default_Ignorable_Code_Point, format characters, U+2800, U+3164, U+FFA0; contracts' isBlankText). For every
 * free-text field that must say something: a chat message, a comment, a title, a subject, a reason. Non-strings are
 * left to the field's IsString.
 */
export function NotBlank(options?: ValidationOptions): PropertyDecorator {
  return (object: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'notBlank',
      target: object.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value !== 'string' || !isBlankText(value) },
    });
}
