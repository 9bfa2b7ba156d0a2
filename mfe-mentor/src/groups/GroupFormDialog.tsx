import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DEFAULT_GROUP_COLOR, type GroupResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { ColourField } from './ColourField';
import { useCreateGroupMutation, useUpdateGroupMutation } from '@portal/groups';
import { useMyMenteesQuery } from '@portal/people';
import { useMentorT } from '../i18n';

interface GroupForm {
  name: string;
  description?: string;
  color: string;
  menteeIds: string[];
}

export function GroupFormDialog({
  group,
  open,
  onClose,
}: {
  group: GroupResponse | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useMentorT();
  const [form] = Form.useForm<GroupForm>();
  const { data: mentees = [] } = useMyMenteesQuery(undefined, { skip: !open });
  const [create, creating] = useCreateGroupMutation();
  const [update, updating] = useUpdateGroupMutation();
  const [filter, setFilter] = useState('');
  useEffect(() => {
    if (open) {
      form.setFieldsValue(
        group
          ? { name: group.name, description: group.description, color: group.color, menteeIds: group.menteeIds }
          : { name: '', description: '', color: DEFAULT_GROUP_COLOR, menteeIds: [] },
      );
      // eslint-disable-next-line react-hooks/set-state-in-effect -- each opening starts with an empty search
      setFilter('');
    }
  }, [open, group, form]);
  const submit = async (v: GroupForm) => {
    const body = {
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      color: v.color,
      menteeIds: v.menteeIds ?? [],
    };
    try {
      if (group) await update({ id: group._id, ...body }).unwrap();
      else await create(body).unwrap();
      notify.success(group ? t('groups.updated') : t('groups.created'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, group ? t('groups.updateFailed') : t('groups.createFailed')));
    }
  };
  const term = filter.trim().toLowerCase();
  const shown = mentees.filter(
    (m) => !term || m.fullName.toLowerCase().includes(term) || m.studentId.toLowerCase().includes(term),
  );
  return (
    <Modal
      open={open}
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      okText={group ? t('groups.save') : t('groups.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      width={620}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col flex="auto">
            <Form.Item
              label={t('groups.name')}
              name="name"
              rules={[{ required: true, whitespace: true, message: t('groups.nameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('groups.colour')} name="color">
              <ColourField label={t('groups.colour')} suggestedLabel={t('groups.suggested')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('groups.description')} name="description">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t('groups.members')} extra={t('groups.membersHelp')}>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('groups.findMentee')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
            aria-label={t('groups.findMentee')}
          />
          <Form.Item name="menteeIds" noStyle>
            <Checkbox.Group style={{ width: '100%' }}>
              <Flex vertical style={{ maxHeight: 240, overflow: 'auto', width: '100%' }} gap={4}>
                {mentees.map((m) => (
                  <Checkbox key={m._id} value={m._id} style={{ display: shown.includes(m) ? undefined : 'none' }}>
                    {m.fullName}{' '}
                    <Typography.Text type="secondary">
                      · {m.studentId} · {m.class}-{m.section}
                    </Typography.Text>
                  </Checkbox>
                ))}
                {!mentees.length && <Typography.Text type="secondary">{t('groups.noMentees')}</Typography.Text>}
              </Flex>
            </Checkbox.Group>
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
