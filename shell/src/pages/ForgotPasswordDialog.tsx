import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, useForgotPasswordMutation } from '@portal/web-core';
import { emailRules } from './rules';

/**
 * "Forgot password?": asks for the e-mail and says the same whether or not an account has it. Until e-mail is set up,
 * an administrator sees the request and passes on a reset link.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const [ask, { isLoading }] = useForgotPasswordMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open={open} title="Reset your password" onCancel={onClose} footer={null} destroyOnHidden>
      {answer ? (
        <>
          <Typography.Paragraph role="status">{answer}</Typography.Paragraph>
          <Button type="primary" block onClick={onClose}>
            Back to sign in
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
              setAnswer((await ask({ email: email.trim() }).unwrap()).message);
            } catch (e) {
              setError(errorMessage(e, 'Could not send the request. Please try again.'));
            }
          }}
        >
          <Typography.Paragraph type="secondary">
            Enter the e-mail of your account. An administrator will send you a link to set a new password.
          </Typography.Paragraph>
          <Form.Item label="Email" name="email" rules={emailRules}>
            <Input autoComplete="email" autoFocus />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Request reset link
          </Button>
        </Form>
      )}
    </Modal>
  );
}
