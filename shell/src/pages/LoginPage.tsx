import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LoginRequest } from '@portal/contracts';
import { login, notify, useAppDispatch } from '@portal/kit';
import { AuthShell } from './AuthShell';
import { emailRules, passwordRules } from './rules';

/** The sign-in form shared by /login and /admin/login. */
export function SignInForm({ onSubmit, submitLabel }: { onSubmit: (v: LoginRequest) => Promise<void>; submitLabel: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={async (v: LoginRequest) => {
      setBusy(true);
      try {
        await onSubmit({ email: v.email.trim(), password: v.password });
      } finally {
        setBusy(false);
      }
    }}>
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input prefix={<MailOutlined />} placeholder="you@school.edu" autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={passwordRules}>
        <Input.Password prefix={<LockOutlined />} placeholder="Your password" autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>{submitLabel}</Button>
    </Form>
  );
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <AuthShell title="Welcome back" subtitle="Sign in to your mentor portal">
      <SignInForm submitLabel="Sign In" onSubmit={async (credentials) => {
        const result = await dispatch(login(credentials));
        if (login.fulfilled.match(result)) {
          notify.success('Login successful!');
          navigate('/dashboard', { replace: true });
        } else {
          notify.error(result.payload ?? 'Login failed');
        }
      }} />
      <Divider plain style={{ margin: '20px 0 12px' }}><span style={{ color: token.colorTextSecondary }}>New here?</span></Divider>
      <Flex justify="space-between">
        <Link to="/signup">Create Account</Link>
        <Link to="/admin/login">Administrator Portal</Link>
      </Flex>
    </AuthShell>
  );
}
