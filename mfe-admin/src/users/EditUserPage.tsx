import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Result, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { EMAIL_PATTERN, MSG, type MenteeProfile } from '@portal/contracts';
import { errorMessage, errorStatus, Link, notify, useNavigate, useParams } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { useAdminUserQuery, useUpdateUserEmailMutation, useUpdateUserProfileMutation } from '../adminApi';
import { GuardianNoticeSwitch } from './GuardianNoticeSwitch';
import { ProfileFields, toFormValues, toRequest, type ProfileFormValues } from './ProfileFields';

export function EditUserPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, error } = useAdminUserQuery(userId);
  const [form] = Form.useForm<ProfileFormValues & { email: string }>();
  const [updateEmail, emailState] = useUpdateUserEmailMutation();
  const [updateProfile, profileState] = useUpdateUserProfileMutation();
  const notFound = errorStatus(error) === 404 || errorStatus(error) === 400;

  useEffect(() => {
    if (error && !notFound) {
      notify.error('Failed to fetch user data');
      navigate('/dashboard', { replace: true });
    }
  }, [error, notFound, navigate]);
  useEffect(() => {
    if (data) form.setFieldsValue({ email: data.user.email, ...toFormValues(data.user.role, data.profile) });
  }, [data, form]);

  if (notFound)
    return (
      <Result
        status="404"
        title="User Not Found"
        subTitle="This account does not exist or was deleted."
        extra={<Link to="/dashboard">Back to Dashboard</Link>}
      />
    );
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { user } = data;

  const save = async (v: ProfileFormValues & { email: string }) => {
    try {
      if (v.email.trim().toLowerCase() !== user.email)
        await updateEmail({ id: user._id, email: v.email.trim() }).unwrap();
      await updateProfile({ id: user._id, body: toRequest(user.role, v) }).unwrap();
      notify.success('User updated successfully!');
      navigate('/dashboard');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update user'));
    }
  };

  return (
    <>
      <PageHeader
        title={`Edit ${user.fullName}`}
        subtitle={
          <Space>
            Role <Tag style={{ textTransform: 'capitalize' }}>{user.role}</Tag>
          </Space>
        }
        extra={
          <Link to="/admin/users">
            <Button icon={<ArrowLeftOutlined />}>Back to users</Button>
          </Link>
        }
      />
      <Card style={{ maxWidth: 960 }}>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, whitespace: true, message: MSG.emailRequired },
              { pattern: EMAIL_PATTERN, message: MSG.emailInvalid },
            ]}
          >
            <Input />
          </Form.Item>
          <ProfileFields role={user.role} profile={data.profile} />
          <Space>
            <Button type="primary" htmlType="submit" loading={emailState.isLoading || profileState.isLoading}>
              Save Changes
            </Button>
            <Button onClick={() => navigate(-1)}>Cancel</Button>
          </Space>
        </Form>
      </Card>
      {user.role === 'mentee' && (
        <GuardianNoticeSwitch
          menteeId={user._id}
          guardianEmail={(data.profile as MenteeProfile | null)?.parentInfo?.email}
        />
      )}
    </>
  );
}
