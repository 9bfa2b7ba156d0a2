import { SearchOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Input, List, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { formatConversationId, type Conversation } from '@portal/contracts';
import { Trans, useNavigate } from '@portal/web-core';
import { LoadError, ColourAvatar } from '@portal/ui';
import { useMyMenteesQuery } from '@portal/people';
import { useChatT } from './i18n';
import { RowButton } from './RowButton';
import { usePhoneLayout } from './usePhoneLayout';

/** Mentors start a chat with one of their mentees, or open one of their groups' chats (a group is its chat). */
export function NewChatPicker({
  open,
  onClose,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  groups: Conversation[];
}) {
  const { t } = useChatT();
  const { data = [], isLoading, isFetching, isError, refetch } = useMyMenteesQuery(undefined, { skip: !open });
  const [kind, setKind] = useState<'mentees' | 'groups'>('mentees');
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const term = search.trim().toLowerCase();
  const listHeight = phone ? 'calc(100dvh - 220px)' : 380;
  const go = (conversationId: string) => {
    onClose();
    navigate(`/chat/${conversationId}`);
  };
  // Name, student ID or class-section, case-insensitively (SPEC.md section 5).
  const shown = data.filter(
    (m) =>
      !term ||
      m.fullName.toLowerCase().includes(term) ||
      m.studentId.toLowerCase().includes(term) ||
      `${m.class}-${m.section}`.toLowerCase().includes(term),
  );
  const shownGroups = groups.filter((g) => !term || g.displayName.toLowerCase().includes(term));
  return (
    <Modal
      open={open}
      title={t('picker.title')}
      onCancel={onClose}
      footer={null}
      // Full screen on a phone: the lists get the room, and nothing sits half off the edge.
      {...(phone && {
        width: '100%',
        style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
        styles: { container: { minHeight: '100dvh', borderRadius: 0 } },
      })}
    >
      <Segmented
        block
        value={kind}
        onChange={(v) => setKind(v as 'mentees' | 'groups')}
        options={[
          { value: 'mentees', label: t('picker.mentees'), icon: <UserOutlined aria-hidden /> },
          { value: 'groups', label: t('picker.groups', { count: groups.length }), icon: <TeamOutlined aria-hidden /> },
        ]}
        size={phone ? 'large' : 'middle'}
        style={{ marginBottom: 8 }}
      />
      <Input
        allowClear
        autoFocus
        size={phone ? 'large' : 'middle'}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={kind === 'mentees' ? t('picker.searchMenteesPlaceholder') : t('picker.searchGroups')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={kind === 'mentees' ? t('picker.searchMentees') : t('picker.searchGroups')}
      />
      {kind === 'groups' ? (
        <>
          <List
            style={{ maxHeight: listHeight, overflow: 'auto', marginTop: 8 }}
            dataSource={shownGroups}
            locale={{ emptyText: groups.length ? t('picker.noGroupsMatch') : t('picker.noGroups') }}
            renderItem={(g) => (
              <List.Item>
                <RowButton verb={t('picker.open')} onPress={() => go(g._id)}>
                  <List.Item.Meta
                    avatar={<ColourAvatar color={g.color} icon={<TeamOutlined aria-hidden />} />}
                    title={g.displayName}
                    description={g.subtitle}
                  />
                </RowButton>
              </List.Item>
            )}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            <Trans
              t={t}
              i18nKey="picker.groupsHelp"
              components={{
                groups: (
                  <Typography.Link
                    onClick={() => {
                      onClose();
                      navigate('/groups');
                    }}
                  />
                ),
              }}
            />
          </Typography.Text>
        </>
      ) : isError ? (
        <div style={{ marginTop: 8 }}>
          <LoadError title={t('picker.menteesFailed')} onRetry={refetch} />
        </div>
      ) : (
        <List
          loading={isLoading || (isFetching && !data.length)}
          style={{ maxHeight: listHeight, overflow: 'auto', marginTop: 8 }}
          dataSource={shown}
          locale={{ emptyText: data.length ? t('picker.noMenteesMatch') : t('picker.noMentees') }}
          renderItem={(m) => (
            <List.Item>
              <RowButton
                verb={t('picker.chatWith')}
                onPress={() => go(formatConversationId({ type: 'individual', id: m._id }))}
              >
                <List.Item.Meta
                  avatar={<ColourAvatar color="#10B981">{m.fullName.charAt(0)}</ColourAvatar>}
                  title={m.fullName}
                  description={t('picker.menteeLine', { studentId: m.studentId, class: m.class, section: m.section })}
                />
              </RowButton>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
