import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { ErrorCode, type RegisterRequest } from '@portal/contracts';
import { errorMessage, FullPageSpinner, Navigate, notify, useRegisterMutation, useSession } from '@portal/web-core';
import { NewPasswordFields, PageHeader } from '@portal/ui';
import { useShellT } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { emailRules, required } from './rules';

const DEFAULTS = { department: 'Administration', position: 'System Administrator' };

export function CreateAdminPage() {
  const { loading, isAuthenticated, user } = useSession();
  const { t } = useShellT();
  const [form] = Form.useForm<RegisterRequest>();
  const [register] = useRegisterMutation();
  const [creating, setCreating] = useState(false);
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated || user?.role !== 'admin') return <Navigate to="/admin/login" replace />;

  const submit = async (values: RegisterRequest) => {
    setCreating(true);
    try {
      await register({ ...values, email: values.email.trim(), role: 'admin' }).unwrap();
      notify.success(t('createAdmin.success'));
      form.resetFields();
    } catch (e) {
      notify.error(
        errorMessage(e, t('createAdmin.failed'), { [ErrorCode.EmailTaken]: t('common:validation.emailTaken') }),
      );
    } finally {
      setCreating(false);
    }
  };

  return (
    <AppLayout>
      <PageHeader title={t('createAdmin.title')} subtitle={t('createAdmin.subtitle')} />
      <Card style={{ maxWidth: 760 }}>
        <Form form={form} layout="vertical" requiredMark="optional" initialValues={DEFAULTS} onFinish={submit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('createAdmin.fullName')}
                name="fullName"
                rules={required(t('common:validation.fullNameRequired'))}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('createAdmin.email')} name="email" rules={emailRules()}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <NewPasswordFields />
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('createAdmin.phone')}
                name="phone"
                rules={required(t('common:validation.phoneRequired'))}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('createAdmin.department')} name="department">
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('createAdmin.position')} name="position">
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('createAdmin.employeeId')} name="employeeId" extra={t('createAdmin.generated')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={creating} disabled={creating}>
            {t('createAdmin.submit')}
          </Button>
        </Form>
      </Card>
    </AppLayout>
  );
}
