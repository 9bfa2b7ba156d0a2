import type { Rule } from 'antd/es/form';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, MSG, NOT_BLANK_PATTERN } from '@portal/contracts';

/** Form rules with the messages of SPEC.md section 5. */
export const emailRules: Rule[] = [
  { required: true, whitespace: true, message: MSG.emailRequired },
  { pattern: EMAIL_PATTERN, message: MSG.emailInvalid },
];
export const passwordRules: Rule[] = [{ required: true, message: MSG.passwordRequired }];
export const newPasswordRules: Rule[] = [
  ...passwordRules,
  { pattern: NOT_BLANK_PATTERN, message: MSG.passwordBlank },
  { min: MIN_PASSWORD_LENGTH, message: MSG.passwordMin },
];
/** The confirmation field must repeat the field named. */
export const confirmRule =
  (field: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error('The two passwords do not match')),
  });
export const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
