import { Button, Form, Typography } from 'antd';
import { ErrorCode, MSG } from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorMessage, Link, notify, useNavigate, useResetPasswordMutation, useSearchParams } from '@portal/web-core';
import { AuthShell } from './AuthShell';

/** /reset-password?token=...: sets a new password with a single-use link an administrator passed on. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();
  if (!token)
    return (
      <AuthShell title="Reset your password" subtitle="This page needs the link you were given">
        <Typography.Paragraph role="alert">{MSG.resetLinkInvalid}</Typography.Paragraph>
        <Link to="/login">Back to sign in</Link>
      </AuthShell>
    );
  return (
    <AuthShell title="Reset your password" subtitle="Choose a new password for your account">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={async ({ newPassword }) => {
          try {
            const res = await reset({ token, newPassword }).unwrap();
            notify.success(res.message);
            navigate('/login', { replace: true });
          } catch (e) {
            notify.error(
              errorMessage(e, 'Could not reset the password', { [ErrorCode.ResetLinkInvalid]: MSG.resetLinkInvalid }),
            );
          }
        }}
      >
        <NewPasswordFields name="newPassword" label="New password" confirm confirmLabel="Confirm new password" />
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          Set new password
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">Back to sign in</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
