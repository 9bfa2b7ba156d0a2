import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { MAX_GUARDIANS_PER_CHILD, type GuardianLinkResponse, type ParentInfo } from '@portal/contracts';
import { emailAddressRule, LoadError, Text } from '@portal/ui';
import { errorMessage, notify } from '@portal/web-core';
import {
  useInviteGuardianMutation,
  useRemoveGuardianMutation,
  useResendGuardianInvitationMutation,
  useStudentGuardiansQuery,
} from '../adminApi';
import { ConsentRecords } from '../privacy/ConsentRecords';
import { useAdminT } from './i18n';

interface InviteValues {
  fullName: string;
  email: string;
}

/**
 * A student's guardians with portal accounts: who they are and whether they have accepted; invite one (by e-mail: an
 * invitation link to choose a password), send an invitation again, or remove a guardian (their sight of the child
 * ends at once). The invitation form is named: its fields' ids must not collide with the profile form's on the same page
 * (a label points to its field by id).
 */
export function GuardianAccounts({ menteeId, parentInfo }: { menteeId: string; parentInfo?: ParentInfo }) {
  const { t } = useAdminT();
  const { data, isLoading, error, refetch } = useStudentGuardiansQuery(menteeId);
  const [invite, inviting] = useInviteGuardianMutation();
  const [resend] = useResendGuardianInvitationMutation();
  const [remove] = useRemoveGuardianMutation();
  const [form] = Form.useForm<InviteValues>();
  const linked = data ?? [];
  // The parent's e-mail on file is the first guardian to invite.
  const suggested = linked.some((g) => g.email === parentInfo?.email?.trim().toLowerCase())
    ? undefined
    : parentInfo?.email?.trim();

  const submit = async (v: InviteValues) => {
    try {
      await invite({ menteeId, body: { fullName: v.fullName.trim(), email: v.email.trim() } }).unwrap();
      notify.success(t('users.guardians.invited', { email: v.email.trim() }));
      form.resetFields();
    } catch (e) {
      notify.error(errorMessage(e, t('users.guardians.inviteFailed')));
    }
  };
  const again = async (g: GuardianLinkResponse) => {
    try {
      await resend({ menteeId, linkId: g._id }).unwrap();
      notify.success(t('users.guardians.resent', { email: g.email }));
    } catch (e) {
      notify.error(errorMessage(e, t('users.guardians.resendFailed')));
    }
  };
  const drop = async (g: GuardianLinkResponse) => {
    try {
      await remove({ menteeId, linkId: g._id }).unwrap();
      notify.success(t('users.guardians.removed', { name: g.fullName }));
    } catch (e) {
      notify.error(errorMessage(e, t('users.guardians.removeFailed')));
    }
  };

  return (
    <Card title={t('users.guardians.title')} style={{ maxWidth: 960, marginTop: 16 }} data-testid="guardian-accounts">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error ? (
        <LoadError title={errorMessage(error, t('users.guardians.loadFailed'))} onRetry={refetch} />
      ) : (
        <Flex vertical gap={16}>
          {linked.length ? (
            <Flex vertical gap={12} role="list">
              {linked.map((g) => (
                <Flex key={g._id} role="listitem" gap={12} wrap align="center" justify="space-between">
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Flex gap={8} wrap align="center">
                      <Text strong>{g.fullName}</Text>
                      <Tag color={g.status === 'active' ? 'green' : 'gold'}>
                        {t(g.status === 'active' ? 'users.guardians.active' : 'users.guardians.invited_status')}
                      </Tag>
                    </Flex>
                    <Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {g.email}
                    </Text>
                  </Flex>
                  <Flex gap={8} wrap>
                    {g.status === 'invited' && (
                      <Button onClick={() => void again(g)}>{t('users.guardians.resend')}</Button>
                    )}
                    <Popconfirm
                      icon={<ExclamationCircleFilled aria-hidden />}
                      title={t('users.guardians.removeConfirm', { name: g.fullName })}
                      okText={t('users.guardians.remove')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('users.editPage.cancel')}
                      onConfirm={() => drop(g)}
                    >
                      <Button danger>{t('users.guardians.remove')}</Button>
                    </Popconfirm>
                  </Flex>
                </Flex>
              ))}
            </Flex>
          ) : (
            <Text type="secondary">{t('users.guardians.none')}</Text>
          )}
          {linked.length < MAX_GUARDIANS_PER_CHILD ? (
            <Form
              form={form}
              name="guardianInvite"
              layout="vertical"
              onFinish={submit}
              initialValues={{ email: suggested ?? '' }}
              requiredMark={false}
            >
              <Flex gap={12} wrap align="end">
                <Form.Item
                  label={t('users.guardians.fullName')}
                  name="fullName"
                  style={{ flex: '1 1 200px', marginBottom: 0 }}
                  rules={[{ required: true, whitespace: true, message: t('users.guardians.fullNameRequired') }]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item
                  label={t('users.guardians.email')}
                  name="email"
                  style={{ flex: '1 1 240px', marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('users.validation.emailRequired') },
                    emailAddressRule(t('users.validation.emailInvalid')),
                  ]}
                >
                  <Input type="email" autoComplete="off" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={inviting.isLoading}>
                  {t('users.guardians.invite')}
                </Button>
              </Flex>
              <Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                {t('users.guardians.inviteExplain')}
              </Text>
            </Form>
          ) : (
            <Text type="secondary">{t('users.guardians.full', { count: MAX_GUARDIANS_PER_CHILD })}</Text>
          )}
          <ConsentRecords menteeId={menteeId} />
        </Flex>
      )}
    </Card>
  );
}
