import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * The field may be left out; when it is sent, it is validated, `null` included (and so refused by the field's
 * validators). The API's one rule for optional input: class-validator's IsOptional also lets `null` through, which
 * reached NOT NULL columns as a 500. IsOptional stays only where null means something ("none": a date of birth
 * cleared), next to a validator that handles it; the lint forbids it elsewhere.
 */
export const MayOmit = (options?: ValidationOptions): PropertyDecorator =>
  ValidateIf((_object: object, value: unknown) => value !== undefined, options);
