import { CheckOutlined, CloseOutlined, ExclamationCircleFilled, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, List, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { ErrorCode, type AdminUserListItem, type ResetLinkResponse } from '@portal/contracts';
import { errorMessage, formatSchool, notify, useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';
import {
  useApproveUserMutation,
  useDeclineUserMutation,
  useIssueResetLinkMutation,
  usePasswordResetRequestsQuery,
  useResetAdminMfaMutation,
} from '../adminApi';

/** Approve or decline a self-registered mentor; declining removes the account. */
export function ApprovalActions({ user }: { user: AdminUserListItem }) {
  const { t } = useAdminT();
  const [approve, approving] = useApproveUserMutation();
  const [decline, declining] = useDeclineUserMutation();
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
    } catch (e) {
      notify.error(errorMessage(e, failed, { [ErrorCode.NotPending]: t('users.approval.decidedElsewhere') }));
    }
  };
  return (
    <Flex gap={8} wrap>
      <Button
        type="primary"
        size="small"
        icon={<CheckOutlined aria-hidden />}
        loading={approving.isLoading}
        onClick={() =>
          run(() => approve(user._id).unwrap(), t('users.approval.approved'), t('users.approval.approveFailed'))
        }
        aria-label={t('users.approval.approveLabel', { name: user.fullName })}
      >
        {t('users.approval.approve')}
      </Button>
      <Popconfirm
        icon={<ExclamationCircleFilled aria-hidden />}
        title={t('users.approval.declineTitle')}
        description={t('users.approval.declineConfirm')}
        okText={t('users.approval.decline')}
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          run(() => decline(user._id).unwrap(), t('users.approval.declined'), t('users.approval.declineFailed'))
        }
      >
        <Button
          size="small"
          danger
          icon={<CloseOutlined aria-hidden />}
          loading={declining.isLoading}
          aria-label={t('users.approval.declineLabel', { name: user.fullName })}
        >
          {t('users.approval.decline')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** The link an admin passes on (the portal sends no e-mail: no mail server is set), with a copy button. */
function ResetLinkDialog({
  link,
  name,
  onClose,
}: {
  link: ResetLinkResponse | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const f = useFormat();
  const url = link?.url ? `${window.location.origin}${link.url}` : '';
  return (
    <Modal
      open={!!link?.url}
      title={t('users.reset.title', { name })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('users.reset.done')}
    >
      <Typography.Paragraph>
        {t('users.reset.explain', { time: link ? f.time(link.expiresAt) : '' })}
      </Typography.Paragraph>
      <Typography.Paragraph
        code
        copyable={{ text: url, tooltips: [t('users.reset.copy'), t('users.reset.copied')] }}
        style={{ wordBreak: 'break-all' }}
        data-testid="reset-link"
      >
        {url}
      </Typography.Paragraph>
    </Modal>
  );
}

/** "Send reset link": a single-use link, e-mailed to the user when the portal sends e-mail, else shown to copy. */
export function SendResetLinkButton({
  userId,
  name,
  size = 'small',
}: {
  userId: string;
  name: string;
  size?: 'small' | 'middle';
}) {
  const { t } = useAdminT();
  const [issue, issuing] = useIssueResetLinkMutation();
  const [link, setLink] = useState<ResetLinkResponse | null>(null);
  return (
    <>
      <Button
        size={size}
        icon={<KeyOutlined aria-hidden />}
        loading={issuing.isLoading}
        aria-label={t('users.reset.sendLabel', { name })}
        onClick={async () => {
          try {
            const issued = await issue(userId).unwrap();
            if (issued.emailed) notify.success(t('users.reset.emailed', { name, email: issued.to }));
            else setLink(issued);
          } catch (e) {
            notify.error(errorMessage(e, t('users.reset.failed')));
          }
        }}
      >
        {t('users.reset.send')}
      </Button>
      <ResetLinkDialog link={link} name={name} onClose={() => setLink(null)} />
    </>
  );
}

/**
 * Another admin's lost second factor (a lost phone): removed after a confirmation; their sessions end and they set up
 * a new authenticator at their next sign-in.
 */
export function ResetMfaButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useAdminT();
  const [reset, resetting] = useResetAdminMfaMutation();
  return (
    <Popconfirm
      icon={<ExclamationCircleFilled aria-hidden />}
      title={t('users.mfa.confirmTitle', { name })}
      description={t('users.mfa.confirm')}
      okText={t('users.mfa.ok')}
      cancelText={t('users.mfa.keep')}
      onConfirm={async () => {
        try {
          await reset(userId).unwrap();
          notify.success(t('users.mfa.done', { name }));
        } catch (e) {
          notify.error(errorMessage(e, t('users.mfa.failed')));
        }
      }}
    >
      <Button
        size="small"
        icon={<SafetyOutlined aria-hidden />}
        loading={resetting.isLoading}
        aria-label={t('users.mfa.label', { name })}
      >
        {t('users.mfa.reset')}
      </Button>
    </Popconfirm>
  );
}

/** People who asked for a reset link from the sign-in page and have not been sent one yet. */
export function ResetRequestsPanel() {
  const { t } = useAdminT();
  const { data } = usePasswordResetRequestsQuery();
  if (!data?.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('users.reset.requests', { n: data.length })}
      description={
        <List
          size="small"
          dataSource={data}
          renderItem={(r) => (
            <List.Item actions={[<SendResetLinkButton key="send" userId={r.userId} name={r.fullName} />]}>
              <List.Item.Meta
                title={r.fullName}
                description={t('users.reset.asked', {
                  email: r.email,
                  date: formatSchool(r.requestedAt, t('users.format.dayMonthTime')),
                })}
              />
            </List.Item>
          )}
        />
      }
    />
  );
}
