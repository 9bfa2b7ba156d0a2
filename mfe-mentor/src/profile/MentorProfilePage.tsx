import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { type MentorProfile } from '@portal/contracts';
import { errorMessage, notify, refreshProfile, useAppDispatch, useSession } from '@portal/web-core';
import { emailAddressRule, PageHeader } from '@portal/ui';
import { useUpdateMentorProfileMutation } from './profileApi';
import { useMentorT } from '../i18n';

interface Editable {
  email: string;
  phone: string;
  qualifications: string;
  citations: string;
}

export function MentorProfilePage() {
  const { t } = useMentorT();
  const { user, profile } = useSession();
  const p = profile as MentorProfile | null;
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Editable>();
  const [update, { isLoading }] = useUpdateMentorProfileMutation();
  if (!user || !p) return null;

  const save = async (values: Editable) => {
    if (user.role !== 'mentor') return;
    try {
      await update(values).unwrap();
      await dispatch(refreshProfile());
      notify.success(t('profile.updated'));
      setEditing(false);
    } catch (e) {
      notify.error(errorMessage(e, t('profile.updateFailed')));
    }
  };

  return (
    <>
      <PageHeader
        title={t('profile.title')}
        subtitle={`${p.department} · ${p.employeeId}`}
        extra={
          !editing && (
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => {
                form.setFieldsValue({
                  email: user.email,
                  phone: p.phone,
                  qualifications: p.qualifications,
                  citations: p.citations,
                });
                setEditing(true);
              }}
            >
              {t('profile.edit')}
            </Button>
          )
        }
      />
      {editing ? (
        <Card title={t('profile.edit')} style={{ maxWidth: 720 }}>
          <Form form={form} layout="vertical" onFinish={save}>
            <Form.Item
              label={t('profile.email')}
              name="email"
              rules={[
                { required: true, message: t('profile.emailRequired') },
                emailAddressRule(t('profile.emailInvalid')),
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              label={t('profile.phone')}
              name="phone"
              rules={[{ required: true, whitespace: true, message: t('profile.phoneRequired') }]}
            >
              <Input />
            </Form.Item>
            <Form.Item label={t('profile.qualifications')} name="qualifications">
              <Input.TextArea rows={2} maxLength={5000} />
            </Form.Item>
            <Form.Item label={t('profile.citations')} name="citations">
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={isLoading}>
                {t('profile.save')}
              </Button>
              <Button onClick={() => setEditing(false)} disabled={isLoading}>
                {t('profile.cancel')}
              </Button>
            </Space>
          </Form>
        </Card>
      ) : (
        <Card>
          <Descriptions
            column={1} // label beside value, one pair a row: fits a phone (two columns needed ~640 px)
            bordered
            items={[
              { key: 'name', label: t('profile.fullName'), children: p.fullName },
              { key: 'email', label: t('profile.email'), children: user.email },
              { key: 'phone', label: t('profile.phone'), children: p.phone || '—' },
              { key: 'emp', label: t('profile.employeeId'), children: p.employeeId },
              { key: 'dept', label: t('profile.department'), children: p.department },
              { key: 'exp', label: t('profile.experience'), children: t('profile.years', { count: p.experience }) },
              { key: 'hours', label: t('profile.officeHours'), children: p.officeHours || '—' },
              {
                key: 'subjects',
                label: t('profile.subjects'),
                children: p.subjects.length ? (
                  <Flex wrap gap={4}>
                    {p.subjects.map((s) => (
                      <Tag key={s}>{s}</Tag>
                    ))}
                  </Flex>
                ) : (
                  '—'
                ),
              },
              { key: 'qual', label: t('profile.qualifications'), children: p.qualifications || '—', span: 2 },
              { key: 'cit', label: t('profile.citations'), children: p.citations || '—', span: 2 },
            ]}
          />
        </Card>
      )}
    </>
  );
}
