import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { registerDecorator, type ValidationOptions } from 'class-validator';

dayjs.extend(customParseFormat);

/** A real calendar day written YYYY-MM-DD (2026-02-30 and 2026-2-3 are refused). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, 'YYYY-MM-DD', true).isValid();
}

export function IsCalendarDate(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: object.constructor,
      propertyName,
      options,
      validator: { validate: isCalendarDate },
    });
}
