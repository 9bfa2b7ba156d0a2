import { SendOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Flex, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, formatSchool, notify } from '@portal/web-core';
import { useAddGrievanceCommentMutation, useGrievanceCommentsQuery } from './grievancesApi';
import { useGrievancesT } from './i18n';
import { usePersonName } from './labels';

/** The comment thread shared by the mentee, their mentor and the admins. */
export function GrievanceThread({ grievanceId }: { grievanceId: string }) {
  const { data = [], isLoading } = useGrievanceCommentsQuery(grievanceId);
  const [add, { isLoading: sending }] = useAddGrievanceCommentMutation();
  const [text, setText] = useState('');
  const { t } = useGrievancesT();
  const personName = usePersonName();
  const role = { admin: t('role.admin'), mentor: t('role.mentor'), mentee: t('role.mentee') };
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      await add({ id: grievanceId, content }).unwrap();
      setText('');
      notify.success(t('thread.added'));
    } catch (e) {
      notify.error(errorMessage(e, t('thread.failed')));
    }
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('thread.title')}</Typography.Text>
      {data.length ? (
        <List
          size="small"
          loading={isLoading}
          dataSource={data}
          renderItem={(c) => (
            <List.Item>
              <List.Item.Meta
                avatar={<Avatar size="small">{personName(c.author.fullName).charAt(0)}</Avatar>}
                title={
                  <Space size={6}>
                    {personName(c.author.fullName)}
                    <Tag style={{ textTransform: 'capitalize' }}>{role[c.author.role] ?? c.author.role}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatSchool(c.createdAt, t('format.dayMonthTime'))}
                    </Typography.Text>
                  </Space>
                }
                description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('thread.none')} />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('thread.placeholder')}
          maxLength={2000}
          aria-label={t('thread.label')}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          onClick={send}
          loading={sending}
          disabled={!text.trim()}
          aria-label={t('thread.send')}
        />
      </Space.Compact>
    </Flex>
  );
}
