import { CheckOutlined, CloseOutlined, KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, List, Modal, Popconfirm, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorCode, type AdminUserListItem, type ResetLinkResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import {
  useApproveUserMutation,
  useDeclineUserMutation,
  useIssueResetLinkMutation,
  usePasswordResetRequestsQuery,
} from '../adminApi';

const DECIDED_ELSEWHERE = 'Another administrator has already decided on this sign-up';

/** Approve or decline a self-registered mentor; declining removes the account. */
export function ApprovalActions({ user }: { user: AdminUserListItem }) {
  const [approve, approving] = useApproveUserMutation();
  const [decline, declining] = useDeclineUserMutation();
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
    } catch (e) {
      notify.error(errorMessage(e, failed, { [ErrorCode.NotPending]: DECIDED_ELSEWHERE }));
    }
  };
  return (
    <Flex gap={8} wrap>
      <Button
        type="primary"
        size="small"
        icon={<CheckOutlined />}
        loading={approving.isLoading}
        onClick={() => run(() => approve(user._id).unwrap(), 'Sign-up approved', 'Failed to approve sign-up')}
        aria-label={`Approve ${user.fullName}`}
      >
        Approve
      </Button>
      <Popconfirm
        title="Decline sign-up"
        description="Declining removes this account. Continue?"
        okText="Decline"
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          run(() => decline(user._id).unwrap(), 'Sign-up declined and account removed', 'Failed to decline sign-up')
        }
      >
        <Button
          size="small"
          danger
          icon={<CloseOutlined />}
          loading={declining.isLoading}
          aria-label={`Decline ${user.fullName}`}
        >
          Decline
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** The link an admin passes on (no e-mail yet), with a copy button. */
function ResetLinkDialog({
  link,
  name,
  onClose,
}: {
  link: ResetLinkResponse | null;
  name: string;
  onClose: () => void;
}) {
  const url = link ? `${window.location.origin}${link.url}` : '';
  return (
    <Modal
      open={!!link}
      title={`Reset link for ${name}`}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="Done"
    >
      <Typography.Paragraph>
        Pass this link on to the person. It works once and expires at{' '}
        {link ? dayjs(link.expiresAt).format('HH:mm') : ''} (30 minutes).
      </Typography.Paragraph>
      <Typography.Paragraph
        code
        copyable={{ text: url, tooltips: ['Copy link', 'Copied'] }}
        style={{ wordBreak: 'break-all' }}
        data-testid="reset-link"
      >
        {url}
      </Typography.Paragraph>
    </Modal>
  );
}

/** "Send reset link": issues a single-use link for the user and shows it to copy. */
export function SendResetLinkButton({
  userId,
  name,
  size = 'small',
}: {
  userId: string;
  name: string;
  size?: 'small' | 'middle';
}) {
  const [issue, issuing] = useIssueResetLinkMutation();
  const [link, setLink] = useState<ResetLinkResponse | null>(null);
  return (
    <>
      <Button
        size={size}
        icon={<KeyOutlined />}
        loading={issuing.isLoading}
        aria-label={`Send reset link to ${name}`}
        onClick={async () => {
          try {
            setLink(await issue(userId).unwrap());
          } catch (e) {
            notify.error(errorMessage(e, 'Failed to create a reset link'));
          }
        }}
      >
        Send reset link
      </Button>
      <ResetLinkDialog link={link} name={name} onClose={() => setLink(null)} />
    </>
  );
}

/** People who asked for a reset link from the sign-in page and have not been sent one yet. */
export function ResetRequestsPanel() {
  const { data } = usePasswordResetRequestsQuery();
  if (!data?.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Password reset requests (${data.length})`}
      description={
        <List
          size="small"
          dataSource={data}
          renderItem={(r) => (
            <List.Item actions={[<SendResetLinkButton key="send" userId={r.userId} name={r.fullName} />]}>
              <List.Item.Meta
                title={r.fullName}
                description={`${r.email} · asked ${dayjs(r.requestedAt).format('MMM D, HH:mm')}`}
              />
            </List.Item>
          )}
        />
      }
    />
  );
}
