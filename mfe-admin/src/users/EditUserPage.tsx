import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Result, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { type MenteeProfile } from '@portal/contracts';
import { errorMessage, errorStatus, Link, notify, useNavigate, useParams } from '@portal/web-core';
import { emailAddressRule, PageHeader } from '@portal/ui';
import { useAdminT } from './i18n';
import { useAdminUserQuery, useUpdateUserEmailMutation, useUpdateUserProfileMutation } from '../adminApi';
import { GuardianAccounts } from './GuardianAccounts';
import { GuardianNoticeSwitch } from './GuardianNoticeSwitch';
import { SafeguardingLeadSwitch } from './SafeguardingLeadSwitch';
import { WhoViewedCard } from './WhoViewedCard';
import { StudentDataCard } from './StudentDataCard';
import { ProfileFields, toFormValues, toRequest, type ProfileFormValues } from './ProfileFields';

export function EditUserPage() {
  const { t } = useAdminT();
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, error } = useAdminUserQuery(userId);
  const [form] = Form.useForm<ProfileFormValues & { email: string }>();
  const [updateEmail, emailState] = useUpdateUserEmailMutation();
  const [updateProfile, profileState] = useUpdateUserProfileMutation();
  const notFound = errorStatus(error) === 404 || errorStatus(error) === 400;

  useEffect(() => {
    if (error && !notFound) {
      notify.error(t('users.editPage.fetchFailed'));
      navigate('/dashboard', { replace: true });
    }
  }, [error, notFound, navigate, t]);
  useEffect(() => {
    if (data) form.setFieldsValue({ email: data.user.email, ...toFormValues(data.user.role, data.profile) });
  }, [data, form]);

  if (notFound)
    return (
      <Result
        status="404"
        title={t('users.editPage.notFound')}
        subTitle={t('users.editPage.notFoundText')}
        extra={<Link to="/dashboard">{t('users.editPage.backToDashboard')}</Link>}
      />
    );
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { user } = data;

  const save = async (v: ProfileFormValues & { email: string }) => {
    try {
      if (v.email.trim().toLowerCase() !== user.email)
        await updateEmail({ id: user._id, email: v.email.trim() }).unwrap();
      await updateProfile({ id: user._id, body: toRequest(user.role, v) }).unwrap();
      notify.success(t('users.editPage.updated'));
      navigate('/dashboard');
    } catch (e) {
      notify.error(errorMessage(e, t('users.editPage.updateFailed')));
    }
  };

  return (
    <>
      <PageHeader
        title={t('users.editPage.title', { name: user.fullName })}
        subtitle={
          <Space>
            {t('users.editPage.role')}{' '}
            <Tag style={{ textTransform: 'capitalize' }}>{t(`shared.roles.${user.role}`)}</Tag>
          </Space>
        }
        extra={
          <Link to="/admin/users">
            <Button icon={<ArrowLeftOutlined aria-hidden />}>{t('users.editPage.backToUsers')}</Button>
          </Link>
        }
      />
      <Card style={{ maxWidth: 960 }}>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            label={t('users.fields.email')}
            name="email"
            rules={[
              { required: true, whitespace: true, message: t('users.validation.emailRequired') },
              emailAddressRule(t('users.validation.emailInvalid')),
            ]}
          >
            <Input />
          </Form.Item>
          <ProfileFields role={user.role} profile={data.profile} />
          <Space>
            <Button type="primary" htmlType="submit" loading={emailState.isLoading || profileState.isLoading}>
              {t('users.editPage.save')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('users.editPage.cancel')}</Button>
          </Space>
        </Form>
      </Card>
      {user.role === 'admin' && <SafeguardingLeadSwitch user={user} />}
      {user.role === 'mentee' && (
        <GuardianAccounts menteeId={user._id} parentInfo={(data.profile as MenteeProfile | null)?.parentInfo} />
      )}
      {user.role === 'mentee' && (
        <GuardianNoticeSwitch
          menteeId={user._id}
          guardianEmail={(data.profile as MenteeProfile | null)?.parentInfo?.email}
        />
      )}
      {user.role === 'mentee' && <StudentDataCard studentId={user._id} />}
      {user.role === 'mentee' && <WhoViewedCard studentId={user._id} />}
    </>
  );
}
