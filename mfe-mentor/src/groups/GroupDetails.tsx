import { Avatar, Button, Descriptions, Flex, List, Modal, Skeleton, Tag, Typography } from 'antd';
import { useFormat } from '@portal/web-core';
import { AttendanceFigure, attendanceBand, BAND_TAG, hasRecordedDays, useNoAttendanceText } from '@portal/attendance';
import { useGroupDetailsQuery } from '@portal/groups';
import { useMentorT } from '../i18n';
import { ArchivedHistory } from './ArchivedHistory';

export function GroupDetails({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useMentorT();
  const noAttendance = useNoAttendanceText();
  const f = useFormat();
  const { data, isLoading } = useGroupDetailsQuery(id ?? '', { skip: !id });
  return (
    <Modal
      open={!!id}
      title={data?.group.name ?? t('groups.group')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('groups.close')}</Button>}
      width={680}
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {data.group.archivedAt && (
            <Tag color="default">{t('groups.archivedOn', { date: f.date(data.group.archivedAt) })}</Tag>
          )}
          {data.group.description && <Typography.Paragraph>{data.group.description}</Typography.Paragraph>}
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'm',
                label: t('groups.mentor'),
                children: `${data.mentor.fullName} · ${data.mentor.department} · ${data.mentor.email}`,
              },
            ]}
          />
          <List
            header={<b>{t('groups.memberCount', { count: data.members.length })}</b>}
            dataSource={data.members}
            renderItem={(m) => (
              <List.Item
                extra={
                  m.attendance &&
                  (hasRecordedDays(m.attendance) ? (
                    <Flex vertical align="end">
                      <Tag color={BAND_TAG[attendanceBand(m.attendance.percentage)]} style={{ marginInlineEnd: 0 }}>
                        {f.percent(m.attendance.percentage)}
                      </Tag>
                      <AttendanceFigure attendance={m.attendance} line />
                    </Flex>
                  ) : (
                    <Tag>{noAttendance}</Tag>
                  ))
                }
              >
                <List.Item.Meta
                  avatar={<Avatar>{m.fullName.charAt(0)}</Avatar>}
                  title={m.fullName}
                  description={[m.studentId, `${m.class}-${m.section}`, m.email, m.phone].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
          {data.group.archivedAt && <ArchivedHistory id={data.group._id} />}
        </Flex>
      )}
    </Modal>
  );
}
