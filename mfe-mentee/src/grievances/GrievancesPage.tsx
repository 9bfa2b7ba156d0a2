import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  GRIEVANCE_CATEGORY_PRIORITY,
  isConfidentialGrievance,
  type GrievanceResponse,
  type MenteeProfile,
} from '@portal/contracts';
import { DAY, errorMessage, isAfterSchoolToday, notify, useFormat, useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { GrievancesBoard, useSubmitGrievanceMutation } from '@portal/grievances';
import { useMenteeT } from '../i18n';
import { GRIEVANCE_TOPICS, type GrievanceTopic } from './topics';

interface GrievanceForm {
  name: string;
  email: string;
  rollNo: string;
  subject: string;
  topic: GrievanceTopic;
  dateOfIncident: Dayjs;
  description: string;
  aboutMentor?: boolean;
  withholdName?: boolean;
}
const required = (message: string) => [{ required: true, whitespace: true, message }];
const IDENTITY = ['name', 'email', 'rollNo'] as const;

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
  const { t } = useMenteeT();
  const f = useFormat();
  const [form] = Form.useForm<GrievanceForm>();
  const [submit, { isLoading }] = useSubmitGrievanceMutation();
  const topic = Form.useWatch('topic', form);
  const aboutMentor = Form.useWatch('aboutMentor', form);
  const withholdName = Form.useWatch('withholdName', form);
  // The student is signed in: who they are comes from the account, asked only where the profile lacks it.
  const known = {
    name: profile?.fullName?.trim() ?? '',
    email: user?.email?.trim() ?? '',
    rollNo: (profile as MenteeProfile | null)?.studentId?.trim() ?? '',
  };
  const missing = IDENTITY.filter((field) => !known[field]);
  const chosen = topic ? GRIEVANCE_TOPICS[topic] : undefined;
  // Said before sending: where this grievance will go.
  const confidential = !!chosen && isConfidentialGrievance({ ...chosen, aboutMentor: !!aboutMentor });
  const send = async ({ topic: picked, ...v }: GrievanceForm) => {
    try {
      const filed = await submit({
        ...v,
        ...Object.fromEntries(IDENTITY.filter((field) => known[field]).map((field) => [field, known[field]])),
        ...GRIEVANCE_TOPICS[picked],
        aboutMentor: !!v.aboutMentor,
        withholdName: !!v.withholdName,
        dateOfIncident: v.dateOfIncident.format('YYYY-MM-DD'),
      }).unwrap();
      notify.success(t('grievances.dialog.submitted'));
      form.resetFields();
      onFiled?.(filed);
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('grievances.dialog.failed')));
    }
  };
  const identityField = (field: (typeof IDENTITY)[number]) => (
    <Col xs={24} sm={12} key={field}>
      <Form.Item
        label={t(`grievances.dialog.${field}`)}
        name={field}
        rules={required(t(`grievances.dialog.${field}Required`))}
      >
        <Input />
      </Form.Item>
    </Col>
  );
  return (
    <Modal
      open={open}
      title={t('grievances.dialog.title')}
      okText={t('grievances.dialog.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={send}>
        <Row gutter={16}>
          {missing.length < IDENTITY.length && (
            <Col span={24}>
              <Typography.Paragraph type="secondary" data-testid="filed-as">
                {withholdName
                  ? t('grievances.dialog.filedWithheld')
                  : t('grievances.dialog.filedAs', { name: known.name || known.email, rollNo: known.rollNo })}
              </Typography.Paragraph>
            </Col>
          )}
          {missing.map(identityField)}
          <Col span={24}>
            <Form.Item
              label={t('grievances.dialog.topic')}
              name="topic"
              rules={[{ required: true, message: t('grievances.dialog.topicRequired') }]}
              extra={
                chosen && GRIEVANCE_CATEGORY_PRIORITY[chosen.category] === 'high'
                  ? t('grievances.dialog.highPriority')
                  : undefined
              }
            >
              <Select
                placeholder={t('grievances.dialog.chooseTopic')}
                options={Object.keys(GRIEVANCE_TOPICS).map((value) => ({
                  value,
                  label: t(`grievances.topics.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.subject')}
              name="subject"
              rules={required(t('grievances.dialog.subjectRequired'))}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.date')}
              name="dateOfIncident"
              rules={[{ required: true, message: t('grievances.dialog.dateRequired') }]}
            >
              <DatePicker
                style={{ width: '100%' }}
                format={f.picker()}
                disabledDate={(d) => isAfterSchoolToday(d.format(DAY))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label={t('grievances.dialog.description')}
              name="description"
              rules={required(t('grievances.dialog.descriptionRequired'))}
            >
              <Input.TextArea rows={4} maxLength={5000} showCount />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="aboutMentor" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('grievances.dialog.aboutMentor')}</Checkbox>
            </Form.Item>
            <Form.Item name="withholdName" valuePropName="checked" extra={t('grievances.dialog.withholdHelp')}>
              <Checkbox>{t('grievances.dialog.withhold')}</Checkbox>
            </Form.Item>
          </Col>
          {confidential && (
            <Col span={24}>
              <Alert
                type="info"
                showIcon
                data-testid="confidential-notice"
                title={t('grievances.dialog.confidentialTitle')}
                description={t('grievances.dialog.confidentialText')}
              />
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}

export function GrievancesPage() {
  const { t } = useMenteeT();
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState<GrievanceResponse | null>(null);
  return (
    <>
      <PageHeader
        title={t('grievances.title')}
        subtitle={t('grievances.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('grievances.submitButton')}
          </Button>
        }
      />
      {filed && (
        <Alert
          role="status"
          type="success"
          showIcon
          closable={{ 'aria-label': t('grievances.dismiss') }}
          onClose={() => setFiled(null)}
          style={{ marginBottom: 16 }}
          data-testid="grievance-acknowledgement"
          title={t('grievances.received', { ticket: filed.ticketNumber })}
          description={filed.confidential ? t('grievances.keepItConfidential') : t('grievances.keepIt')}
        />
      )}
      <GrievancesBoard role="mentee" />
      <SubmitGrievanceDialog open={open} onClose={() => setOpen(false)} onFiled={setFiled} />
    </>
  );
}
