import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { CommonException } from './domain.exception';

/** class-validator on every body and query: unknown fields refused, one message per failed field, VALIDATION_FAILED. */
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
    });
  }

  createExceptionFactory() {
    return (errors: ValidationError[] = []) => CommonException.validationFailed(this.flattenValidationErrors(errors));
  }
}
