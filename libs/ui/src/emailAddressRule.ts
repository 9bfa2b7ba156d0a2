import type { Rule } from 'antd/es/form';
import { isEmailAddress } from '@portal/contracts';

/**
 * An antd form rule for an e-mail address that is entered and kept (sign-up, user forms, profiles, guardian e-mail,
 * forgot password): one bare address, by the API's own rule (isEmailAddress in @portal/contracts), on the trimmed
 * value as the API reads it. An empty field passes: the field's "required" rule, where it has one, speaks for that.
 */
export const emailAddressRule = (message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !value.trim()) return;
    if (!isEmailAddress(value.trim())) throw new Error(message);
  },
});
