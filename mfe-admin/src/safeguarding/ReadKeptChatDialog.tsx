import { FileOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Modal, Tag, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  ErrorCode,
  KEPT_CHAT_REASON_MAX,
  KEPT_CHAT_REASON_MIN,
  type KeptChatDetail,
  type KeptChatSummary,
  type KeptMessage,
} from '@portal/contracts';
import { errorCode, errorMessage, notify, useDownloadFile, useFormat } from '@portal/web-core';
import { useReadKeptChatMutation } from './keptChatsApi';
import { useAdminT } from './i18n';
import { usePersonName } from './usePersonName';

/** A kept message's file: its name, and for a lead a download (each one in the audit log). */
function KeptFile({ chatId, file }: { chatId: string; file: NonNullable<KeptMessage['attachment']> }) {
  const { t } = useAdminT();
  const download = useDownloadFile();
  const [busy, setBusy] = useState(false);
  const icon = file.kind === 'image' ? <PictureOutlined aria-hidden /> : <FileOutlined aria-hidden />;
  const fileId = file._id;
  if (!fileId)
    return (
      <Typography.Text style={{ display: 'block', marginTop: 4, overflowWrap: 'anywhere' }}>
        {icon} {t('safeguarding.chat.attachment', { name: file.fileName })}
      </Typography.Text>
    );
  const save = async () => {
    setBusy(true);
    try {
      await download(`/safeguarding/kept-chats/${chatId}/attachments/${fileId}`, {}, file.fileName);
    } catch (e) {
      notify.error(errorMessage(e, t('safeguarding.chat.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      icon={icon}
      loading={busy}
      onClick={() => void save()}
      aria-label={t('safeguarding.chat.download', { name: file.fileName })}
      style={{
        paddingInline: 0,
        marginTop: 4,
        minHeight: 44,
        height: 'auto',
        whiteSpace: 'normal',
        textAlign: 'start',
      }}
    >
      <span style={{ overflowWrap: 'anywhere' }}>{file.fileName}</span>
    </Button>
  );
}

/** One kept message, read-only: who sent it (and as what), when on the school's clock, what it said, its file's name. */
function KeptMessageItem({ chatId, message }: { chatId: string; message: KeptMessage }) {
  const { t } = useAdminT();
  const f = useFormat();
  const { token } = theme.useToken();
  const name = usePersonName();
  return (
    <li
      data-testid="kept-message"
      style={{ padding: '8px 12px', borderRadius: 8, background: token.colorFillTertiary, listStyle: 'none' }}
    >
      <Flex gap={8} wrap align="baseline">
        <Typography.Text strong>{name(message.sender)}</Typography.Text>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`safeguarding.roles.${message.sender.role}`)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={message.createdAt}>{f.dateTime(message.createdAt)}</time>
        </Typography.Text>
      </Flex>
      {message.content && (
        <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Typography.Paragraph>
      )}
      {message.attachment && <KeptFile chatId={chatId} file={message.attachment} />}
    </li>
  );
}

/** The messages of a kept chat, oldest first; takes focus when shown, so a screen reader reads on from them. */
function KeptMessages({ detail }: { detail: KeptChatDetail }) {
  const { t } = useAdminT();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => list.current?.focus(), []);
  return (
    <>
      <Alert type="info" showIcon title={t('safeguarding.chat.readOnly')} style={{ marginBottom: 12 }} />
      {detail.messages.length === 0 ? (
        <Typography.Text type="secondary">{t('safeguarding.chat.none')}</Typography.Text>
      ) : (
        <ol
          ref={list}
          tabIndex={-1}
          aria-label={t('safeguarding.chat.messagesLabel')}
          style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, outlineOffset: 2 }}
        >
          {detail.messages.map((m) => (
            <KeptMessageItem key={m._id} chatId={detail.chat._id} message={m} />
          ))}
        </ol>
      )}
    </>
  );
}

/** How many characters a reason has, as the server counts them (trimmed). */
const length = (v: unknown) => (typeof v === 'string' ? v.trim().length : 0);

/**
 * Reading a kept chat: first why (10 to 500 characters; the reading and the reason go to the audit log), then its
 * messages, read-only. A chat purged meanwhile closes the dialog and reloads the list (`onGone`).
 */
export function ReadKeptChatDialog({
  chat,
  onClose,
  onGone,
}: {
  chat: KeptChatSummary;
  onClose: () => void;
  onGone?: () => void;
}) {
  const { t } = useAdminT();
  const [form] = Form.useForm<{ reason: string }>();
  const [read, { isLoading }] = useReadKeptChatMutation();
  const [detail, setDetail] = useState<KeptChatDetail | null>(null);

  const send = async ({ reason }: { reason: string }) => {
    try {
      setDetail(await read({ id: chat._id, reason: reason.trim() }).unwrap());
    } catch (e) {
      notify.error(errorMessage(e, t('safeguarding.reason.failed')));
      if (errorCode(e) === ErrorCode.KeptChatNotFound) {
        onGone?.();
        onClose();
      }
    }
  };

  return (
    <Modal
      open
      width={720}
      title={chat.label}
      okText={detail ? t('safeguarding.chat.close') : t('safeguarding.reason.submit')}
      onOk={detail ? onClose : () => form.submit()}
      okButtonProps={{ loading: isLoading }}
      cancelText={t('safeguarding.reason.cancel')}
      cancelButtonProps={{ style: detail ? { display: 'none' } : undefined }}
      onCancel={onClose}
    >
      {detail ? (
        <KeptMessages detail={detail} />
      ) : (
        <Form form={form} name="keptChatReason" layout="vertical" onFinish={send}>
          <Alert type="info" showIcon title={t('safeguarding.reason.note')} style={{ marginBottom: 12 }} />
          <Form.Item
            name="reason"
            label={t('safeguarding.reason.label')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('safeguarding.reason.required') },
              {
                validator: async (_, value) => {
                  if (length(value) < KEPT_CHAT_REASON_MIN)
                    throw new Error(t('safeguarding.reason.tooShort', { min: KEPT_CHAT_REASON_MIN }));
                  if (length(value) > KEPT_CHAT_REASON_MAX)
                    throw new Error(t('safeguarding.reason.tooLong', { max: KEPT_CHAT_REASON_MAX }));
                },
              },
            ]}
          >
            <Input.TextArea rows={4} autoFocus showCount maxLength={KEPT_CHAT_REASON_MAX} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
