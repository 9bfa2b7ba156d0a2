import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
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
import { DAY, errorMessage, isAfterSchoolToday, notify, useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { GrievancesBoard, useSubmitGrievanceMutation } from '@portal/grievances';
import { useMenteeT } from '../i18n';

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
      notify.success(t('grievances.dialog.submitted'));
      form.resetFields();
      onFiled?.(filed);
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('grievances.dialog.failed')));
    }
  };
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
            <Form.Item
              label={t('grievances.dialog.name')}
              name="name"
              rules={required(t('grievances.dialog.nameRequired'))}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.email')}
              name="email"
              rules={required(t('grievances.dialog.emailRequired'))}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.rollNo')}
              name="rollNo"
              rules={required(t('grievances.dialog.rollNoRequired'))}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.type')}
              name="grievanceType"
              rules={[{ required: true, message: t('grievances.dialog.typeRequired') }]}
            >
              <Select
                placeholder={t('grievances.dialog.chooseType')}
                options={GRIEVANCE_TYPES.map((type) => ({ value: type, label: t(`grievances.types.${type}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('grievances.dialog.category')}
              name="category"
              rules={[{ required: true, message: t('grievances.dialog.categoryRequired') }]}
              extra={
                category && GRIEVANCE_CATEGORY_PRIORITY[category] === 'high'
                  ? t('grievances.dialog.highPriority')
                  : undefined
              }
            >
              <Select
                placeholder={t('grievances.dialog.chooseCategory')}
                options={GRIEVANCE_CATEGORIES.map((c) => ({ value: c, label: t(`grievances.categories.${c}`) }))}
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
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => isAfterSchoolToday(d.format(DAY))} />
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
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
