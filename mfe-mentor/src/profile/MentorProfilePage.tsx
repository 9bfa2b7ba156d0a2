import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { EMAIL_PATTERN, type MentorProfile, MSG } from '@portal/contracts';
import { errorMessage, notify, refreshProfile, useAppDispatch, useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { useUpdateMentorProfileMutation } from './profileApi';

interface Editable {
  email: string;
  phone: string;
  qualifications: string;
  citations: string;
}

export function MentorProfilePage() {
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
      notify.success('Profile updated successfully!');
      setEditing(false);
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update profile'));
    }
  };

  return (
    <>
      <PageHeader
        title="My Profile"
        subtitle={`${p.department} · ${p.employeeId}`}
        extra={
          !editing && (
            <Button
              icon={<EditOutlined />}
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
              Edit Profile
            </Button>
          )
        }
      />
      {editing ? (
        <Card title="Edit Profile" style={{ maxWidth: 720 }}>
          <Form form={form} layout="vertical" onFinish={save}>
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, message: MSG.emailRequired },
                { pattern: EMAIL_PATTERN, message: MSG.emailInvalid },
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              label="Phone"
              name="phone"
              rules={[{ required: true, whitespace: true, message: MSG.phoneRequired }]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Qualifications" name="qualifications">
              <Input.TextArea rows={2} maxLength={5000} />
            </Form.Item>
            <Form.Item label="Citations" name="citations">
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={isLoading}>
                Save
              </Button>
              <Button onClick={() => setEditing(false)} disabled={isLoading}>
                Cancel
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
              { key: 'name', label: 'Full name', children: p.fullName },
              { key: 'email', label: 'Email', children: user.email },
              { key: 'phone', label: 'Phone', children: p.phone || '—' },
              { key: 'emp', label: 'Employee ID', children: p.employeeId },
              { key: 'dept', label: 'Department', children: p.department },
              { key: 'exp', label: 'Experience', children: `${p.experience} year${p.experience === 1 ? '' : 's'}` },
              { key: 'hours', label: 'Office hours', children: p.officeHours || '—' },
              {
                key: 'subjects',
                label: 'Subjects',
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
              { key: 'qual', label: 'Qualifications', children: p.qualifications || '—', span: 2 },
              { key: 'cit', label: 'Citations', children: p.citations || '—', span: 2 },
            ]}
          />
        </Card>
      )}
    </>
  );
}
