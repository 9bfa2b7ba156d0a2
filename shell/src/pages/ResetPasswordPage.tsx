import { Button, Form, Typography } from 'antd';
import { ErrorCode } from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorMessage, Link, notify, useNavigate, useResetPasswordMutation, useSearchParams } from '@portal/web-core';
import { useShellT } from '../i18n';
import { AuthShell } from './AuthShell';

/** /reset-password?token=...: sets a new password with a single-use link an administrator passed on. */
export function ResetPasswordPage() {
  const { t, i18n } = useShellT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();
  if (!token)
    return (
      <AuthShell title={t('reset.title')} subtitle={t('reset.noToken')}>
        <Typography.Paragraph role="alert">{t('common:validation.resetLinkInvalid')}</Typography.Paragraph>
        <Link to="/login">{t('forgot.back')}</Link>
      </AuthShell>
    );
  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={async ({ newPassword }) => {
          try {
            const { message } = await reset({ token, newPassword }).unwrap();
            // The server writes English; in another language the catalogue says the same (it never varies).
            notify.success(i18n.language === 'en' ? message : t('reset.done'));
            navigate('/login', { replace: true });
          } catch (e) {
            notify.error(
              errorMessage(e, t('reset.failed'), {
                [ErrorCode.ResetLinkInvalid]: t('common:validation.resetLinkInvalid'),
              }),
            );
          }
        }}
      >
        <NewPasswordFields
          name="newPassword"
          label={t('reset.newPassword')}
          confirm
          confirmLabel={t('reset.confirm')}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {t('reset.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </AuthShell>
  );
}
