import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_PRIORITY,
  GRIEVANCE_TYPE_TO_CATEGORY,
  GRIEVANCE_TYPES,
  isConfidentialGrievance,
  type GrievanceCategory,
  type GrievanceResponse,
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
  aboutMentor?: boolean;
  withholdName?: boolean;
}
const required = (message: string) => [{ required: true, whitespace: true, message }];
const typeLabel = (t: string) =>
  t
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export function SubmitGrievanceDialog({
  open,
  onClose,
  onFiled,
}: {
  open: boolean;
  onClose: () => void;
  /** The acknowledgement: the filed grievance with its ticket number. */
  onFiled?: (g: GrievanceResponse) => void;
}) {
  const { user, profile } = useSession();
  const [form] = Form.useForm<GrievanceForm>();
  const [submit, { isLoading }] = useSubmitGrievanceMutation();
  const category = Form.useWatch('category', form);
  const grievanceType = Form.useWatch('grievanceType', form);
  const aboutMentor = Form.useWatch('aboutMentor', form);
  // Said before sending: where this grievance will go.
  const confidential =
    !!grievanceType && isConfidentialGrievance({ grievanceType, category, aboutMentor: !!aboutMentor });
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
      const filed = await submit({
        ...v,
        aboutMentor: !!v.aboutMentor,
        withholdName: !!v.withholdName,
        dateOfIncident: v.dateOfIncident.format('YYYY-MM-DD'),
      }).unwrap();
      notify.success('Grievance submitted successfully!');
      form.resetFields();
      onFiled?.(filed);
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
          <Col span={24}>
            <Form.Item name="aboutMentor" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>This is about my mentor</Checkbox>
            </Form.Item>
            <Form.Item
              name="withholdName"
              valuePropName="checked"
              extra="Whoever handles it sees a ticket and what you wrote, not who you are. Only an administrator can reveal your name, with a reason you will see."
            >
              <Checkbox>Withhold my name from the handler</Checkbox>
            </Form.Item>
          </Col>
          {confidential && (
            <Col span={24}>
              <Alert
                type="info"
                showIcon
                data-testid="confidential-notice"
                title="Confidential: this goes to administrators only"
                description="Misconduct complaints, harassment and anything about your mentor are never shown to your mentor: not in their lists, counts or notifications."
              />
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}

export function GrievancesPage() {
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState<GrievanceResponse | null>(null);
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
      {filed && (
        <Alert
          role="status"
          type="success"
          showIcon
          closable={{ 'aria-label': 'Dismiss' }}
          onClose={() => setFiled(null)}
          style={{ marginBottom: 16 }}
          data-testid="grievance-acknowledgement"
          title={`Received: your ticket number is ${filed.ticketNumber}`}
          description={`Keep it for reference. ${filed.confidential ? 'Only administrators will see this grievance. ' : ''}Every step, and every time staff open it, appears on its timeline (View Details).`}
        />
      )}
      <GrievancesBoard role="mentee" />
      <SubmitGrievanceDialog open={open} onClose={() => setOpen(false)} onFiled={setFiled} />
    </>
  );
}
