import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { MIN_PASSWORD_LENGTH, MSG, NOT_BLANK_PATTERN } from '@portal/contracts';
import { PasswordStrength } from './PasswordStrength';

export const PASSWORDS_DIFFER = 'The two passwords do not match';

/**
 * A new password inside an antd Form (SPEC.md section 5: required, at least 6 characters, not only spaces) with its
 * strength hint, and optionally a confirmation that must repeat it. Sign-up, Add New User, Create Admin, Reset and
 * Change Password all use this one.
 */
export function NewPasswordFields({
  name = 'password',
  label = 'Password',
  required = MSG.passwordRequired,
  confirm = false,
  confirmLabel = 'Confirm password',
  confirmName = 'confirm',
  dependencies,
}: {
  name?: string;
  label?: string;
  /** The message for an empty field, or a rule deciding it (e.g. one message for two empty fields). */
  required?: string | Rule;
  /** A second field that must repeat the first. */
  confirm?: boolean;
  confirmLabel?: string;
  confirmName?: string;
  /** Fields whose change re-checks the password (those a `required` rule reads). */
  dependencies?: string[];
}) {
  const form = Form.useFormInstance();
  const password = Form.useWatch(name, form) as string | undefined;
  const rules: Rule[] = [
    typeof required === 'string' ? { required: true, message: required } : required,
    { pattern: NOT_BLANK_PATTERN, message: MSG.passwordBlank },
    { min: MIN_PASSWORD_LENGTH, message: MSG.passwordMin },
  ];
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        // Always required, also when a rule function (which antd cannot read) decides the message.
        required
        rules={rules}
        dependencies={dependencies}
        extra={<PasswordStrength password={password} />}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {confirm && (
        <Form.Item
          label={confirmLabel}
          name={confirmName}
          dependencies={[name]}
          rules={[
            { required: true, message: 'Please confirm the new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue(name)
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORDS_DIFFER)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );
}
