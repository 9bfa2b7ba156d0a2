import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_PRIORITY,
  GRIEVANCE_TYPE_TO_CATEGORY,
  GRIEVANCE_TYPES,
  type GrievanceCategory,
  type GrievanceType,
  type MenteeProfile,
} from '@portal/contracts';
import { errorMessage, notify, useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { GrievancesBoard, useSubmitGrievanceMutation } from '@portal/grievances';

interface GrievanceForm {
  name: string;
  email: string;
  rollNo: string;
  subject: string;
  grievanceType: GrievanceType;
  category: GrievanceCategory;
  dateOfIncident: Dayjs;
  description: string;
}
const required = (message: string) => [{ required: true, whitespace: true, message }];
const typeLabel = (t: string) =>
  t
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export function SubmitGrievanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, profile } = useSession();
  const [form] = Form.useForm<GrievanceForm>();
  const [submit, { isLoading }] = useSubmitGrievanceMutation();
  const category = Form.useWatch('category', form);
  useEffect(() => {
    // Name, e-mail and roll number come from the profile (SPEC.md section 5).
    if (open)
      form.setFieldsValue({
        name: profile?.fullName,
        email: user?.email,
        rollNo: (profile as MenteeProfile | null)?.studentId,
      });
  }, [open, user, profile, form]);
  const send = async (v: GrievanceForm) => {
    try {
      await submit({ ...v, dateOfIncident: v.dateOfIncident.format('YYYY-MM-DD') }).unwrap();
      notify.success('Grievance submitted successfully!');
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to submit grievance'));
    }
  };
  return (
    <Modal
      open={open}
      title="Submit Grievance"
      okText="Submit"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      width={640}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={send}
        onValuesChange={(changed: Partial<GrievanceForm>) => {
          // The type suggests a category until the mentee picks one themself.
          if (changed.grievanceType && !form.isFieldTouched('category'))
            form.setFieldValue('category', GRIEVANCE_TYPE_TO_CATEGORY[changed.grievanceType]);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Name" name="name" rules={required('Name is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Email/Roll No/ID" name="email" rules={required('Email/Roll No/ID is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Roll number" name="rollNo" rules={required('Roll number is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Grievance type"
              name="grievanceType"
              rules={[{ required: true, message: 'Grievance type is required' }]}
            >
              <Select
                placeholder="Choose a type"
                options={GRIEVANCE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Category"
              name="category"
              rules={[{ required: true, message: 'Category is required' }]}
              extra={
                category && GRIEVANCE_CATEGORY_PRIORITY[category] === 'high'
                  ? 'This category is handled with high priority.'
                  : undefined
              }
            >
              <Select
                placeholder="Choose a category"
                options={GRIEVANCE_CATEGORIES.map((c) => ({ value: c, label: typeLabel(c) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Subject" name="subject" rules={required('Subject is required')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Date of incident"
              name="dateOfIncident"
              rules={[{ required: true, message: 'Date of incident is required' }]}
            >
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Description" name="description" rules={required('Description is required')}>
              <Input.TextArea rows={4} maxLength={5000} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

export function GrievancesPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Grievances"
        subtitle="Raise a concern; your mentor and the administration will follow up"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            Submit Grievance
          </Button>
        }
      />
      <GrievancesBoard role="mentee" />
      <SubmitGrievanceDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
