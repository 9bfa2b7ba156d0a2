import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { API_NOTE } from './api-doc.decorators';

// class-transformer does not export its metadata (the @Type of nested DTOs) from its entry point.
const { defaultMetadataStorage } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type Schema = Record<string, unknown>;
interface Rule {
  type: string;
  name?: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
}

// Swagger's own metadata key: a property that already has @ApiProperty keeps it.
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

/**
 * Describes every class-validator DTO (bodies, queries, path parameters) to @nestjs/swagger from its validation
 * decorators, as the swagger CLI plugin would at compile time: the API builds with tsc and tests with swc, neither of
 * which runs the plugin. The document then says exactly what the validation pipe enforces, and cannot drift from it.
 * Idempotent: a property described once (here or by an explicit @ApiProperty) is left alone.
 */
export function describeDtos(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Type<unknown>, Rule[]> };
  for (const [target, rules] of storage.validationMetadatas) {
    const byProperty = new Map<string, Rule[]>();
    for (const r of rules) byProperty.set(r.propertyName, [...(byProperty.get(r.propertyName) ?? []), r]);
    for (const [property, propertyRules] of byProperty) {
      if (Reflect.getMetadata(API_MODEL_PROPERTIES, target.prototype, property)) continue;
      ApiProperty(propertyOptions(target, property, propertyRules))(target.prototype, property);
    }
  }
}

function propertyOptions(target: Type<unknown>, property: string, rules: Rule[]): Schema {
  const designType = Reflect.getMetadata('design:type', target.prototype, property) as unknown;
  const typed = defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction() as Type<unknown> | undefined;
  // @Type(() => Number) converts a query string's text: a number, not a nested DTO.
  const nested = typed && !PRIMITIVES.has(typed) ? typed : undefined;
  const isArray = designType === Array || rules.some((r) => r.name === 'isArray' || r.each);
  const value: Schema = {};
  const items: Schema = {};
  let nullable = false;
  let required = true;
  for (const rule of rules) {
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      // MayOmit (ValidateIf) and IsOptional: the field may be left out; IsOptional also lets null through.
      required = false;
      if (rule.name === 'isOptional') nullable = true;
      continue;
    }
    const c = rule.constraints ?? [];
    const into = rule.each ? items : value;
    switch (rule.name) {
      case 'isString':
        into.type = 'string';
        break;
      case 'isInt':
        into.type = 'integer';
        break;
      case 'isNumber':
        into.type = 'number';
        break;
      case 'isBoolean':
        into.type = 'boolean';
        break;
      case 'isObject':
        into.type = 'object';
        break;
      case 'isEmail':
        into.type = 'string';
        into.format = 'email';
        break;
      case 'isUuid':
        // A string even where the design type says Object (`string | null`).
        into.type = 'string';
        into.format = 'uuid';
        break;
      case 'isCalendarDate':
        into.type = 'string';
        into.format = 'date';
        break;
      case 'isTimeZone':
        into.type = 'string';
        into.description = 'An IANA time zone, e.g. Asia/Kolkata';
        break;
      case 'matches':
        into.pattern = c[0] instanceof RegExp ? c[0].source : String(c[0]);
        break;
      case 'maxLength':
        into.maxLength = c[0];
        break;
      case 'minLength':
        into.minLength = c[0];
        break;
      case 'isNotEmpty':
        into.minLength ??= 1;
        break;
      case 'min':
        into.minimum = c[0];
        break;
      case 'max':
        into.maximum = c[0];
        break;
      case 'isIn':
        into.enum = c[0];
        break;
      case 'arrayMaxSize':
        value.maxItems = c[0];
        break;
      case 'arrayMinSize':
        value.minItems = c[0];
        break;
      case 'arrayUnique':
        value.uniqueItems = true;
        break;
    }
  }
  // Said only when true: `nullable: false` beside a nested DTO makes Swagger wrap its reference in a one-item allOf.
  const note = Reflect.getMetadata(API_NOTE, target.prototype, property) as string | undefined;
  const presence = { required, ...(nullable ? { nullable } : {}), ...(note ? { description: note } : {}) };
  if (isArray) {
    delete value.type;
    delete value.minLength;
    if (nested) return { ...value, type: nested, isArray: true, ...presence };
    // Swagger keeps `format`, `enum` and lengths of isArray on the list itself: describe the items explicitly.
    const item = withoutLengthOnNonStrings({ ...items, type: primitiveType(items, value) });
    if (value.enum) item.enum ??= value.enum;
    delete value.enum;
    return { ...value, type: 'array', items: item, ...presence };
  }
  if (nested) return { ...value, type: nested, ...presence };
  const type = value.type ?? (value.enum ? enumType(value.enum as unknown[]) : designName(designType));
  return { ...withoutLengthOnNonStrings({ ...value, type }), ...presence };
}

const PRIMITIVES = new Set<unknown>([String, Number, Boolean]);

/** The items' type of a list of primitives (each: true validators), a string when the design says nothing more. */
function primitiveType(items: Schema, value: Schema): string {
  if (items.type) return items.type as string;
  const values = (items.enum ?? value.enum) as unknown[] | undefined;
  return values ? enumType(values) : 'string';
}

function enumType(values: unknown[]): string {
  return values.every((v) => typeof v === 'number') ? 'number' : 'string';
}

function designName(t: unknown): string | undefined {
  if (t === String) return 'string';
  if (t === Number) return 'number';
  if (t === Boolean) return 'boolean';
  return undefined;
}

/** IsNotEmpty on a non-string (a list, a number) is not a length. */
function withoutLengthOnNonStrings(s: Schema): Schema {
  if (s.type && s.type !== 'string') delete s.minLength;
  return s;
}
