import { Button, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useState } from 'react';
import { ErrorCode, MSG, type RegisterRequest } from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorMessage, Link, notify, useNavigate, useRegisterMutation } from '@portal/web-core';
import { AuthShell } from './AuthShell';
import { emailRules, required } from './rules';

type SignupValues = RegisterRequest & { role: 'mentor' | 'mentee' };

export function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const role = Form.useWatch('role', form);
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const [register] = useRegisterMutation();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const submit = async (values: SignupValues) => {
    setCreating(true);
    try {
      const res = await register({ ...values, email: values.email.trim() }).unwrap();
      if (res.user.pendingApproval) {
        setAwaitingApproval(true);
        return;
      }
      notify.success('Account created successfully! Please login.');
      navigate('/login');
    } catch (e) {
      notify.error(errorMessage(e, 'Registration failed', { [ErrorCode.EmailTaken]: MSG.emailTaken }));
    } finally {
      setCreating(false);
    }
  };

  if (awaitingApproval)
    return (
      <AuthShell title="Account created" subtitle="One more step before you can sign in" width={560}>
        <Typography.Paragraph role="status">{MSG.registeredPending}</Typography.Paragraph>
        <Link to="/login">Go to sign in</Link>
      </AuthShell>
    );

  return (
    <AuthShell title="Create your account" subtitle="Join your school's mentor portal" width={560}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label="I am a"
          name="role"
          rules={[{ required: true, message: MSG.roleRequired }]}
          extra={
            role === 'mentor' ? 'Mentor accounts are approved by an administrator before the first sign-in.' : undefined
          }
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            style={{ width: '100%', display: 'flex' }}
            options={[
              { label: 'Mentor', value: 'mentor', style: { flex: 1, textAlign: 'center' } },
              { label: 'Mentee (student)', value: 'mentee', style: { flex: 1, textAlign: 'center' } },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Full name" name="fullName" rules={required(MSG.fullNameRequired)}>
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Phone" name="phone" rules={required(MSG.phoneRequired)}>
              <Input autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Email" name="email" rules={emailRules}>
              <Input autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <NewPasswordFields />
          </Col>
          {role === 'mentor' && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item label="Department" name="department" rules={required(MSG.departmentRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Employee ID (optional)" name="employeeId" extra="Generated when left blank">
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'mentee' && (
            <>
              <Col xs={12} sm={8}>
                <Form.Item label="Class" name="class" rules={required(MSG.classRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item label="Section" name="section" rules={required(MSG.sectionRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={10}>
                <Form.Item label="Student ID (optional)" name="studentId" extra="Generated when left blank">
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Button type="primary" htmlType="submit" block size="large" loading={creating} disabled={creating}>
          {creating ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
      <Flex justify="center" gap={6} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">Already have an account?</Typography.Text>
        <Link to="/login">Sign In Instead</Link>
      </Flex>
    </AuthShell>
  );
}
