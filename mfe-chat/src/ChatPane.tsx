import {
  ArrowLeftOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  FileOutlined,
  MoreOutlined,
  PaperClipOutlined,
  PictureOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Input, Modal, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DELETED_CHAT_RETENTION_DAYS, isBlankText, type Conversation } from '@portal/contracts';
import { errorMessage, notify, nowIso, nowMs, useAppDispatch, useFormat, useSession } from '@portal/web-core';
import {
  chatApi,
  conversationType,
  emitTyping,
  loadOlderMessages,
  reconcile,
  useDeleteConversationMutation,
  useChatQuietHoursQuery,
  useDeleteMessageMutation,
  useMessagesQuery,
  useSendMessageMutation,
  useTypingQuery,
  useUploadAttachmentMutation,
  type DisplayMessage,
} from '@portal/chat';
import { AttachmentPreview } from './AttachmentPreview';
import { DOCUMENT_ACCEPT, MAX_ATTACHMENT_MB, PHOTO_ACCEPT } from './Attachments';
import { MessageList } from './MessageList';
import { ReportMessageDialog } from './ReportMessageDialog';
import { useChatT } from './i18n';
import { TOUCH_PX, ColourAvatar } from '@portal/ui';

const TYPING_IDLE_MS = 2500;
const NO_MESSAGES: DisplayMessage[] = [];

export function ChatPane({
  conversation,
  onClose,
  onBack,
  phone = false,
}: {
  conversation: Conversation;
  onClose: () => void;
  /** On a phone the conversation has the whole screen, and its header a way back to the list. */
  onBack?: () => void;
  phone?: boolean;
}) {
  const { t } = useChatT();
  const id = conversation._id;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a conversation takes focus to its name, so a screen reader says where the user now is.
  useEffect(() => heading.current?.focus(), []);
  /** Icon buttons grow to a finger's size on a phone. */
  const touch = phone ? { width: TOUCH_PX, height: TOUCH_PX } : undefined;
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { data: thread, isLoading, error } = useMessagesQuery(id, { refetchOnMountOrArgChange: true });
  const messages = thread?.messages ?? NO_MESSAGES;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const loadOlder = useCallback(async () => {
    setLoadingOlder(true);
    setOlderFailed(!(await dispatch(loadOlderMessages(id))));
    setLoadingOlder(false);
  }, [dispatch, id]);
  // Confirmations through the hook: a static Modal.confirm would be drawn outside the portal's theme (antd's own reds).
  const [modal, modalHolder] = Modal.useModal();
  const [send] = useSendMessageMutation();
  // Reporting: the message being reported, and those reported from here (shown as such).
  const [reporting, setReporting] = useState<DisplayMessage | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());
  // Staff see when what they send is held for quiet hours (asked again every five minutes); everyone, how long the
  // leads keep what is deleted (the school's period; the default until the answer comes).
  const staff = user?.role === 'mentor' || user?.role === 'admin';
  const { data: quiet } = useChatQuietHoursQuery(undefined, { pollingInterval: 300_000 });
  const keptDays = quiet ? quiet.deletedKeptDays : DELETED_CHAT_RETENTION_DAYS;
  const f = useFormat();
  const [upload] = useUploadAttachmentMutation();
  const [remove] = useDeleteConversationMutation();
  const [removeMessage] = useDeleteMessageMutation();
  const [text, setText] = useState('');
  const { data: typing = {} } = useTypingQuery(id);
  const typingSent = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const patch = (fn: (list: DisplayMessage[]) => DisplayMessage[]) =>
    dispatch(
      chatApi.util.updateQueryData('messages', id, (draft) => {
        draft.messages = fn(draft.messages as DisplayMessage[]);
      }),
    );

  useEffect(() => {
    if (error) notify.error(t('pane.fetchFailed'));
  }, [error, t]);

  const sendTyping = (isTyping: boolean) => {
    if (typingSent.current === isTyping) return;
    typingSent.current = isTyping;
    emitTyping(id, isTyping);
  };
  const onInput = (value: string) => {
    setText(value);
    sendTyping(!!value.trim());
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => sendTyping(false), TYPING_IDLE_MS);
  };

  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const pickFile = (accept: string) => {
    if (!fileInput.current) return;
    fileInput.current.accept = accept;
    fileInput.current.value = '';
    fileInput.current.click();
  };
  // A picked file waits in the preview with its caption (what was typed, to start with) until Send.
  const [picked, setPicked] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_ATTACHMENT_MB * 1024 * 1024) return notify.error(t('pane.tooLarge', { mb: MAX_ATTACHMENT_MB }));
    setCaption(isBlankText(text) ? '' : text.trim());
    setPicked(file);
  };
  const sendPicked = async () => {
    if (!picked) return;
    setUploading(true);
    try {
      const attachment = await upload({ conversationId: id, file: picked }).unwrap();
      const confirmed = await send({
        conversationType: conversationType(id),
        conversationId: id,
        content: isBlankText(caption) ? '' : caption.trim(),
        attachmentId: attachment._id,
      }).unwrap();
      // The caption was the box's text: it has been sent.
      setText('');
      setPicked(null);
      patch((list) => reconcile(list, confirmed, id));
    } catch (e) {
      // Nothing is lost: the preview stays open with its file and caption.
      notify.error(errorMessage(e, t('pane.sendFailed')));
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const content = text.trim();
    // Invisible characters only show nothing: nothing to send (the server refuses it too).
    if (!content || isBlankText(content) || !user) return;
    const temp: DisplayMessage = {
      _id: `tmp-${nowMs()}`,
      conversationType: conversationType(id),
      conversationId: id,
      senderId: user._id,
      sender: { _id: user._id, fullName: user.fullName, role: user.role },
      content,
      attachment: null,
      createdAt: nowIso(),
      isOptimistic: true,
    };
    setText('');
    sendTyping(false);
    patch((list) => [...list, temp]);
    try {
      const confirmed = await send({ conversationType: conversationType(id), conversationId: id, content }).unwrap();
      patch((list) => reconcile(list, confirmed, id));
    } catch (e) {
      // Nothing is lost: the text goes back into the box.
      patch((list) => list.filter((m) => m._id !== temp._id));
      setText(content);
      notify.error(errorMessage(e, t('pane.sendFailed')));
    }
  };

  const onDelete = () =>
    modal.confirm({
      icon: <ExclamationCircleFilled aria-hidden />,
      title: t('pane.deleteTitle'),
      content: keptDays === null ? t('pane.deleteContentKept') : t('pane.deleteContent', { days: keptDays }),
      okText: t('pane.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove(id).unwrap();
          notify.success(t('pane.deleted'));
          onClose();
        } catch (e) {
          notify.error(errorMessage(e, t('pane.deleteFailed')));
        }
      },
    });

  const onDeleteMessage = (m: DisplayMessage) =>
    modal.confirm({
      icon: <ExclamationCircleFilled aria-hidden />,
      title: t('pane.deleteMessageTitle'),
      content:
        keptDays === null ? t('pane.deleteMessageContentKept') : t('pane.deleteMessageContent', { days: keptDays }),
      okText: t('pane.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeMessage({ conversationId: id, messageId: m._id }).unwrap();
          notify.success(t('pane.messageDeleted'));
        } catch (e) {
          notify.error(errorMessage(e, t('pane.deleteMessageFailed')));
        }
      },
    });

  const typers = Object.values(typing);
  return (
    <Flex vertical style={{ height: '100%' }} aria-label={conversation.displayName} role="region">
      {modalHolder}
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{
          padding: phone ? '8px 8px 8px 4px' : '12px 16px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" gap={phone ? 8 : 12} style={{ minWidth: 0 }}>
          {onBack && (
            <Button
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={onBack}
              aria-label={t('pane.back')}
              style={{ ...touch, flexShrink: 0 }}
            />
          )}
          <ColourAvatar color={conversation.color} style={{ flexShrink: 0 }} aria-hidden>
            {conversation.displayName.charAt(0)}
          </ColourAvatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <h2
              ref={heading}
              tabIndex={-1}
              style={{
                margin: 0,
                fontSize: token.fontSize,
                fontWeight: token.fontWeightStrong,
                lineHeight: token.lineHeight,
                color: token.colorText,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                outlineOffset: 2,
              }}
            >
              {conversation.displayName}
            </h2>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {typers.length
                ? t('pane.typing', { count: typers.length, names: typers.join(', ') })
                : conversation.subtitle}
            </Typography.Text>
          </Flex>
        </Flex>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'close', icon: <CloseOutlined aria-hidden />, label: t('pane.close'), onClick: onClose },
              ...(user?.role !== 'mentee'
                ? [
                    {
                      key: 'delete',
                      icon: <DeleteOutlined aria-hidden />,
                      danger: true,
                      label: t('pane.deleteConversation'),
                      onClick: onDelete,
                    },
                  ]
                : []),
            ],
          }}
        >
          <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={t('pane.menu')} style={touch} />
        </Dropdown>
      </Flex>
      <MessageList
        messages={messages}
        loading={isLoading}
        myId={user?._id}
        showSenders={conversation.type === 'group'}
        hasMore={!!thread?.hasMore}
        loadingOlder={loadingOlder}
        olderFailed={olderFailed}
        onLoadOlder={loadOlder}
        onDelete={onDeleteMessage}
        onReport={setReporting}
        reported={reported}
      />
      <ReportMessageDialog
        message={reporting}
        onClose={() => setReporting(null)}
        onReported={(messageId) => setReported((r) => new Set(r).add(messageId))}
      />
      {staff && quiet?.quietUntil && (
        <Alert
          type="info"
          showIcon
          icon={<ClockCircleOutlined aria-hidden />}
          title={t('pane.quietHours', { time: f.time(quiet.quietUntil) })}
          style={{ margin: phone ? '0 8px 8px' : '0 12px 8px' }}
          data-testid="quiet-hours"
        />
      )}
      <Flex
        gap={8}
        align="flex-end"
        style={{ padding: phone ? 8 : 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}
      >
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="file-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'photo',
                icon: <PictureOutlined aria-hidden />,
                label: t('pane.photo'),
                onClick: () => pickFile(PHOTO_ACCEPT),
              },
              {
                key: 'document',
                icon: <FileOutlined aria-hidden />,
                label: t('pane.document'),
                onClick: () => pickFile(DOCUMENT_ACCEPT),
              },
            ],
          }}
        >
          <Button
            icon={<PaperClipOutlined aria-hidden />}
            loading={uploading}
            aria-label={t('pane.attach')}
            style={{ ...touch, flexShrink: 0 }}
          />
        </Dropdown>
        <AttachmentPreview
          file={picked}
          caption={caption}
          onCaption={setCaption}
          sending={uploading}
          onSend={sendPicked}
          onCancel={() => setPicked(null)}
        />
        <Input.TextArea
          value={text}
          onChange={(e) => onInput(e.target.value)}
          autoSize={{ minRows: 1, maxRows: phone ? 4 : 5 }}
          // 16 px text on a phone: smaller makes iOS zoom the page in when the box gets focus.
          style={phone ? { fontSize: 16, minHeight: TOUCH_PX } : undefined}
          enterKeyHint="send"
          maxLength={4000}
          placeholder={t('pane.placeholder')}
          aria-label={t('pane.message')}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          onClick={submit}
          disabled={!text.trim()}
          aria-label={t('pane.send')}
          style={{ ...touch, flexShrink: 0 }}
        />
      </Flex>
    </Flex>
  );
}
