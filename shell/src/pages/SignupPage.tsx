import { Button, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useState } from 'react';
import { ErrorCode, type RegisterRequest } from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorMessage, Link, notify, useNavigate, useRegisterMutation } from '@portal/web-core';
import { useShellT } from '../i18n';
import { AuthShell } from './AuthShell';
import { emailRules, required } from './rules';

type SignupValues = RegisterRequest & { role: 'mentor' | 'mentee' };

export function SignupPage() {
  const { t } = useShellT();
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
      notify.success(t('signup.success'));
      navigate('/login');
    } catch (e) {
      notify.error(errorMessage(e, t('signup.failed'), { [ErrorCode.EmailTaken]: t('common:validation.emailTaken') }));
    } finally {
      setCreating(false);
    }
  };

  if (awaitingApproval)
    return (
      <AuthShell title={t('signup.createdTitle')} subtitle={t('signup.createdSubtitle')} width={560}>
        <Typography.Paragraph role="status">{t('common:validation.registeredPending')}</Typography.Paragraph>
        <Link to="/login">{t('signup.goToSignIn')}</Link>
      </AuthShell>
    );

  return (
    <AuthShell title={t('signup.title')} subtitle={t('signup.subtitle')} width={560}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label={t('signup.role')}
          name="role"
          rules={[{ required: true, message: t('common:validation.roleRequired') }]}
          extra={role === 'mentor' ? t('signup.mentorApproval') : undefined}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            style={{ width: '100%', display: 'flex' }}
            options={[
              { label: t('signup.mentor'), value: 'mentor', style: { flex: 1, textAlign: 'center' } },
              { label: t('signup.mentee'), value: 'mentee', style: { flex: 1, textAlign: 'center' } },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('signup.fullName')}
              name="fullName"
              rules={required(t('common:validation.fullNameRequired'))}
            >
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('signup.phone')} name="phone" rules={required(t('common:validation.phoneRequired'))}>
              <Input autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('signup.email')} name="email" rules={emailRules()}>
              <Input autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <NewPasswordFields />
          </Col>
          {role === 'mentor' && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  label={t('signup.department')}
                  name="department"
                  rules={required(t('common:validation.departmentRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label={t('signup.employeeId')} name="employeeId" extra={t('signup.generated')}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'mentee' && (
            <>
              <Col xs={12} sm={8}>
                <Form.Item
                  label={t('signup.class')}
                  name="class"
                  rules={required(t('common:validation.classRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  label={t('signup.section')}
                  name="section"
                  rules={required(t('common:validation.sectionRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={10}>
                <Form.Item label={t('signup.studentId')} name="studentId" extra={t('signup.generated')}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Button type="primary" htmlType="submit" block size="large" loading={creating} disabled={creating}>
          {creating ? t('signup.creating') : t('signup.submit')}
        </Button>
      </Form>
      <Flex justify="center" gap={6} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{t('signup.haveAccount')}</Typography.Text>
        <Link to="/login">{t('signup.signInInstead')}</Link>
      </Flex>
    </AuthShell>
  );
}
