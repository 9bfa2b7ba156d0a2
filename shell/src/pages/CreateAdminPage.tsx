import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { ErrorCode, MSG, type RegisterRequest } from '@portal/contracts';
import { errorMessage, FullPageSpinner, Navigate, notify, useRegisterMutation, useSession } from '@portal/web-core';
import { NewPasswordFields, PageHeader } from '@portal/ui';
import { AppLayout } from '../layout/AppLayout';
import { emailRules, required } from './rules';

const DEFAULTS = { department: 'Administration', position: 'System Administrator' };

export function CreateAdminPage() {
  const { loading, isAuthenticated, user } = useSession();
  const [form] = Form.useForm<RegisterRequest>();
  const [register] = useRegisterMutation();
  const [creating, setCreating] = useState(false);
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated || user?.role !== 'admin') return <Navigate to="/admin/login" replace />;

  const submit = async (values: RegisterRequest) => {
    setCreating(true);
    try {
      await register({ ...values, email: values.email.trim(), role: 'admin' }).unwrap();
      notify.success('Admin account created successfully!');
      form.resetFields();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to create admin account', { [ErrorCode.EmailTaken]: MSG.emailTaken }));
    } finally {
      setCreating(false);
    }
  };

  return (
    <AppLayout>
      <PageHeader title="Create Admin Account" subtitle="Give another staff member administrator access" />
      <Card style={{ maxWidth: 760 }}>
        <Form form={form} layout="vertical" requiredMark="optional" initialValues={DEFAULTS} onFinish={submit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Full name" name="fullName" rules={required(MSG.fullNameRequired)}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Email" name="email" rules={emailRules}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <NewPasswordFields />
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Phone" name="phone" rules={required(MSG.phoneRequired)}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Department" name="department">
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Position" name="position">
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Employee ID" name="employeeId" extra="Generated when left blank">
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={creating} disabled={creating}>
            Create Admin Account
          </Button>
        </Form>
      </Card>
    </AppLayout>
  );
}
