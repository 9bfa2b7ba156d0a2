import { DeleteOutlined, EditOutlined, ExclamationCircleFilled, EyeOutlined, MessageOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Popconfirm, Tag, Typography, theme } from 'antd';
import { ColourAvatar } from '@portal/ui';
import type { GroupResponse } from '@portal/contracts';
import { useFormat, useNavigate } from '@portal/web-core';
import { attendanceBand, BAND_TAG } from '@portal/attendance';
import { useMentorT } from '../i18n';

/** An active group: its members and average attendance, with its details, chat, editing and archiving. */
export function GroupCard({
  group: g,
  onDetails,
  onEdit,
  onArchive,
}: {
  group: GroupResponse;
  onDetails: (id: string) => void;
  onEdit: (g: GroupResponse) => void;
  onArchive: (g: GroupResponse) => Promise<void>;
}) {
  const { t } = useMentorT();
  const f = useFormat();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Card style={{ borderTop: `4px solid ${g.color}`, height: '100%' }} data-testid="group-card">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {g.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
        {g.description || t('groups.noDescription')}
      </Typography.Paragraph>
      {/* Wraps on a phone instead of pushing the tag past the card. */}
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* The "+N" avatar in body text on a neutral fill: antd's default pale text is below 4.5:1. */}
        <Avatar.Group max={{ count: 5, style: { background: token.colorFillSecondary, color: token.colorText } }}>
          {g.mentees.map((m) => (
            <ColourAvatar key={m._id} color={g.color}>
              {m.fullName.charAt(0)}
            </ColourAvatar>
          ))}
        </Avatar.Group>
        <Tag color={BAND_TAG[attendanceBand(g.averageAttendance)]}>
          {t('groups.average', {
            members: t('groups.memberCount', { count: g.mentees.length }),
            percent: f.percent(g.averageAttendance),
          })}
        </Tag>
      </Flex>
      {/* Below the members, not in Card's equal-width action cells: the labels wrap onto a new line instead of
          running over the icons beside them (phone and 1280 px). */}
      <Flex
        wrap
        gap={4}
        justify="space-between"
        style={{ marginTop: 16, paddingTop: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex wrap gap={4}>
          <Button type="text" icon={<EyeOutlined aria-hidden />} onClick={() => onDetails(g._id)}>
            {t('groups.viewDetails')}
          </Button>
          <Button type="text" icon={<MessageOutlined aria-hidden />} onClick={() => navigate(`/chat/${g._id}`)}>
            {t('groups.openChat')}
          </Button>
        </Flex>
        <Flex gap={4}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            onClick={() => onEdit(g)}
            aria-label={t('groups.editName', { name: g.name })}
          />
          <Popconfirm
            icon={<ExclamationCircleFilled aria-hidden />}
            title={t('groups.archiveTitle')}
            description={t('groups.archiveConfirm')}
            okText={t('groups.archive')}
            onConfirm={() => onArchive(g)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('groups.archiveName', { name: g.name })}
            />
          </Popconfirm>
        </Flex>
      </Flex>
    </Card>
  );
}
