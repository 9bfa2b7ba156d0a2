import type { Rule } from 'antd/es/form';
import { emailAddressRule } from '@portal/ui';
import { i18n } from '@portal/web-core';

// Form rules with the messages of SPEC.md section 5 (a new password's: NewPasswordFields in @portal/ui), in the
// language of the moment: functions, called as a form renders.
export const emailRules = (): Rule[] => [
  { required: true, whitespace: true, message: i18n.t('common:validation.emailRequired') },
  emailAddressRule(i18n.t('common:validation.emailInvalid')),
];
export const passwordRules = (): Rule[] => [{ required: true, message: i18n.t('common:validation.passwordRequired') }];
export const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
