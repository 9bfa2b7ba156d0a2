import { ArrowLeftOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation } from '@portal/contracts';
import { useAppDispatch, useLocation, useNavigate, useParams, useSession } from '@portal/web-core';
import { LoadError, TOUCH_PX } from '@portal/ui';
import { chatApi, useConversationsQuery } from '@portal/chat';
import { ChatPane } from './ChatPane';
import { useChatT } from './i18n';
import { NewChatPicker } from './NewChatPicker';
import { Sidebar } from './Sidebar';
import { usePhoneLayout } from './usePhoneLayout';
import { useRestOfViewport } from './useRestOfViewport';

export function Chats() {
  const { t } = useChatT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const { data = [], isLoading, error, refetch } = useConversationsQuery();
  const dispatch = useAppDispatch();
  const [picking, setPicking] = useState(false);
  const { token } = theme.useToken();
  const phone = usePhoneLayout();
  const active = useMemo(() => data.find((c) => c._id === id), [data, id]);
  const groups = useMemo(() => data.filter((c) => c.type === 'group'), [data]);
  // The conversation just left: its entry in the list gets focus back.
  const [left, setLeft] = useState<string>();
  const previousId = useRef(id);
  useEffect(() => {
    if (previousId.current && !id) setLeft(previousId.current);
    previousId.current = id;
  }, [id]);
  const [frameRef, frameStyle] = useRestOfViewport(phone ? 360 : 460, phone, !!id);
  useEffect(() => {
    // Opening marks the conversation read.
    if (active?.unreadCount)
      dispatch(
        chatApi.util.updateQueryData('conversations', undefined, (list) => {
          const c = list.find((x) => x._id === active._id);
          if (c) c.unreadCount = 0;
        }),
      );
  }, [active, dispatch]);
  // Opened from the list, Back is the browser's back (one history entry, as the browser's own button); opened from a
  // link or a reload, Back goes to the list.
  const open = (c: Conversation) => navigate(`/chat/${c._id}`, { state: { fromList: true } });
  const back = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate('/chat');
  };
  const mentee = user?.role === 'mentee';
  if (error) return <LoadError title={t('chats.failed')} onRetry={refetch} />;
  const showList = !phone || !id;
  const showPane = !phone || !!id;
  return (
    <Card styles={{ body: { padding: 0, height: '100%' } }} style={{ overflow: 'hidden' }}>
      <Flex ref={frameRef} style={frameStyle}>
        {showList && (
          <nav
            aria-label={t('chats.conversations')}
            style={{
              width: phone ? '100%' : 320,
              borderRight: phone ? undefined : `1px solid ${token.colorBorderSecondary}`,
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
            }}
          >
            {user?.role === 'mentor' && (
              <Flex justify="flex-end" style={{ padding: '12px 12px 0' }}>
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => setPicking(true)}
                  style={phone ? { minHeight: TOUCH_PX } : undefined}
                >
                  {t('chats.newChat')}
                </Button>
              </Flex>
            )}
            {isLoading ? (
              <Skeleton active style={{ padding: 16 }} />
            ) : (
              <div style={{ flex: 1, minHeight: 0 }}>
                <Sidebar conversations={data} activeId={id} focusId={left} onOpen={open} large={phone} />
              </div>
            )}
          </nav>
        )}
        {showPane && (
          <div style={{ flex: 1, minWidth: 0 }}>
            {active ? (
              <ChatPane
                key={active._id}
                conversation={active}
                onClose={() => navigate('/chat')}
                onBack={phone ? back : undefined}
                phone={phone}
              />
            ) : id && !isLoading ? (
              <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%', padding: 16 }}>
                <Empty description={t('chats.unavailable')} />
                {phone && (
                  <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={back} style={{ minHeight: TOUCH_PX }}>
                    {t('chats.back')}
                  </Button>
                )}
              </Flex>
            ) : id ? (
              <Skeleton active style={{ padding: 16 }} />
            ) : (
              <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%', padding: 16 }}>
                <MessageOutlined aria-hidden style={{ fontSize: 44, opacity: 0.4 }} />
                <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
                  {mentee ? t('chats.welcome') : t('chats.select')}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {mentee ? t('chats.welcomeHelp') : t('chats.selectHelp')}
                </Typography.Text>
              </Flex>
            )}
          </div>
        )}
      </Flex>
      <NewChatPicker open={picking} onClose={() => setPicking(false)} groups={groups} />
    </Card>
  );
}
