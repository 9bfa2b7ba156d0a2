import { Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useParams, useSession } from '@portal/web-core';
import { srOnly } from '@portal/ui';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { Chats } from './Chats';
import { useChatT } from './i18n';
import { usePhoneLayout } from './usePhoneLayout';

export function ChatPage() {
  const { t } = useChatT();
  const { user } = useSession();
  const { id } = useParams();
  const { token } = theme.useToken();
  const [tab, setTab] = useState('chats');
  const phone = usePhoneLayout();
  const mentee = user?.role === 'mentee';
  // On a phone an open conversation takes the whole screen: the page's heading stays for screen readers only.
  const inConversation = phone && !!id;
  const heading = (
    <div style={inConversation ? srOnly : { marginBottom: phone ? 12 : 20 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{mentee ? t('page.menteeSubtitle') : t('page.subtitle')}</Typography.Text>
    </div>
  );
  return (
    <>
      {heading}
      {user?.role === 'mentor' ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          renderTabBar={inConversation ? () => <></> : undefined}
          items={[
            { key: 'chats', label: t('page.chats'), children: <Chats /> },
            { key: 'announcements', label: t('page.announcements'), children: <AnnouncementsPanel /> },
          ]}
        />
      ) : (
        <Chats />
      )}
    </>
  );
}
