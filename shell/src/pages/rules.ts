import type { Rule } from 'antd/es/form';
import { EMAIL_PATTERN, MSG } from '@portal/contracts';

/** Form rules with the messages of SPEC.md section 5 (a new password's: NewPasswordFields in @portal/ui). */
export const emailRules: Rule[] = [
  { required: true, whitespace: true, message: MSG.emailRequired },
  { pattern: EMAIL_PATTERN, message: MSG.emailInvalid },
];
export const passwordRules: Rule[] = [{ required: true, message: MSG.passwordRequired }];
export const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
