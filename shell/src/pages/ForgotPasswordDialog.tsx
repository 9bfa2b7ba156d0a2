import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, useForgotPasswordMutation } from '@portal/web-core';
import { useShellT } from '../i18n';
import { emailRules } from './rules';

/**
 * "Forgot password?": asks for the e-mail and says the same whether or not an account has it. Until e-mail is set up,
 * an administrator sees the request and passes on a reset link.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useShellT();
  const [form] = Form.useForm<{ email: string }>();
  const [ask, { isLoading }] = useForgotPasswordMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open={open} title={t('forgot.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {answer ? (
        <>
          <Typography.Paragraph role="status">{answer}</Typography.Paragraph>
          <Button type="primary" block onClick={onClose}>
            {t('forgot.back')}
          </Button>
        </>
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={async ({ email }) => {
            setError(null);
            try {
              const { message, emailed } = await ask({ email: email.trim() }).unwrap();
              // The server writes English; in another language the catalogue says the same (it varies only with
              // whether the portal sends e-mail).
              setAnswer(i18n.language === 'en' ? message : t(emailed ? 'forgot.answer' : 'forgot.answerNoMail'));
            } catch (e) {
              setError(errorMessage(e, t('forgot.failed')));
            }
          }}
        >
          <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
          <Form.Item label={t('signIn.email')} name="email" rules={emailRules()}>
            <Input autoComplete="email" autoFocus />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
