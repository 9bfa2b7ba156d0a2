import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { MIN_PASSWORD_LENGTH, NOT_BLANK_PATTERN } from '@portal/contracts';
import { useUiT } from './i18n';
import { PasswordStrength } from './PasswordStrength';

/**
 * A new password inside an antd Form (SPEC.md section 5: required, at least 6 characters, not only spaces) with its
 * strength hint, and optionally a confirmation that must repeat it. Sign-up, Add New User, Create Admin, Reset and
 * Change Password all use this one.
 */
export function NewPasswordFields({
  name = 'password',
  label,
  required,
  confirm = false,
  confirmLabel,
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
  const { t } = useUiT();
  const form = Form.useFormInstance();
  const password = Form.useWatch(name, form) as string | undefined;
  const rules: Rule[] = [
    required === undefined || typeof required === 'string'
      ? { required: true, message: required ?? t('common:validation.passwordRequired') }
      : required,
    { pattern: NOT_BLANK_PATTERN, message: t('common:validation.passwordBlank') },
    { min: MIN_PASSWORD_LENGTH, message: t('common:validation.passwordMin', { min: MIN_PASSWORD_LENGTH }) },
  ];
  return (
    <>
      <Form.Item
        label={label ?? t('password.label')}
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
          label={confirmLabel ?? t('password.confirmLabel')}
          name={confirmName}
          dependencies={[name]}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue(name)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.differ'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );
}
