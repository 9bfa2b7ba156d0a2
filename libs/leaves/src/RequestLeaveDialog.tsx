import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  ErrorCode,
  LEAVE_DOCUMENT_MAX_BYTES,
  type LeaveType,
  MENTEE_LEAVE_TYPES,
  SICK_LEAVE_BACKFILL_DAYS,
} from '@portal/contracts';
import { calendarDay, errorMessage, notify, useFormat, useSchoolToday } from '@portal/web-core';
import { useSchoolCalendar } from '@portal/attendance';
import { useLeavesT } from './i18n';
import { LeaveImpactNote } from './LeaveImpactNote';
import { useLeaveImpactQuery, useRequestLeaveMutation, useUploadLeaveDocumentMutation } from './leavesApi';

interface LeaveForm {
  childId?: string;
  leaveType: LeaveType;
  startDate: Dayjs;
  endDate: Dayjs;
  reason: string;
  document?: File;
}

/** What a leave document may be: what the server takes (leaves module: PDF, JPG, PNG). */
const DOCUMENT_TYPES = '.pdf,.jpg,.jpeg,.png';
const MAX_MB = LEAVE_DOCUMENT_MAX_BYTES / 1024 / 1024;

/** The optional document: chosen here and kept in the form (nothing is sent before Submit); removable. */
function DocumentPicker({ value, onChange }: { value?: File; onChange?: (file: File | undefined) => void }) {
  const { t } = useLeavesT();
  return (
    <Flex vertical gap={8} align="start">
      <Upload
        accept={DOCUMENT_TYPES}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          onChange?.(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t('request.chooseDocument')}</Button>
      </Upload>
      {value && (
        <Flex gap={8} align="center" wrap data-testid="leave-document-chosen">
          <PaperClipOutlined aria-hidden />
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{value.name}</Typography.Text>
          <Button
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onChange?.(undefined)}
            // A finger-sized target on a phone.
            style={{ minWidth: 44, minHeight: 44 }}
            aria-label={t('request.removeDocument', { name: value.name })}
          />
        </Flex>
      )}
    </Flex>
  );
}

/** The children a guardian may file for, and the one the page has chosen. */
export interface LeaveFilingChildren {
  all: { _id: string; fullName: string }[];
  chosen: string;
}

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The effect of the chosen dates on the student's attendance, once the dates are chosen. */
function ImpactPreview({
  start,
  end,
  child,
}: {
  start: Dayjs | undefined;
  end: Dayjs | undefined;
  child?: { _id: string; fullName: string };
}) {
  const { t } = useLeavesT();
  const ready = !!start && !!end && !end.isBefore(start, 'day');
  const { data, isFetching, isError } = useLeaveImpactQuery(
    ready
      ? { startDate: iso(start), endDate: iso(end), childId: child?._id }
      : { startDate: '', endDate: '', childId: child?._id },
    { skip: !ready },
  );
  if (!ready) return null;
  const name = child?.fullName;
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      {isError ? (
        <Typography.Text type="secondary">
          {child ? t('request.child.impactFailed', { name }) : t('request.impactFailed')}
        </Typography.Text>
      ) : data && !isFetching ? (
        <LeaveImpactNote impact={data} subject={child ? 'student' : 'you'} />
      ) : (
        <Typography.Text type="secondary">
          {child ? t('request.child.impactWorking', { name }) : t('request.impactWorking')}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The Request Leave form: a student's for themselves, or a guardian's for one of their children (`filingFor`: a Child
 * field, the page's chosen child first). Either way the mentor decides it the same way.
 */
export function RequestLeaveDialog({
  open,
  onClose,
  filingFor,
}: {
  open: boolean;
  onClose: () => void;
  filingFor?: LeaveFilingChildren;
}) {
  const { t } = useLeavesT();
  const f = useFormat();
  const [form] = Form.useForm<LeaveForm>();
  const [request, { isLoading }] = useRequestLeaveMutation();
  const [uploadDocument, uploading] = useUploadLeaveDocumentMutation();
  const leaveType = Form.useWatch('leaveType', form);
  const start = Form.useWatch('startDate', form);
  const end = Form.useWatch('endDate', form);
  const childId = Form.useWatch('childId', form) ?? filingFor?.chosen;
  const child = filingFor?.all.find((c) => c._id === childId);
  // A month back (sick leave may be filed after the fact) to a year ahead, by the school's calendar.
  const today = calendarDay(useSchoolToday());
  const [span] = useState(() => ({
    from: iso(today.subtract(1, 'month')),
    to: iso(today.subtract(1, 'month').add(364, 'day')),
  }));
  const school = useSchoolCalendar(span.from, span.to);
  const backfill = school.calendar?.sickLeaveBackfillDays ?? SICK_LEAVE_BACKFILL_DAYS;
  const earliest = leaveType === 'sick' ? today.subtract(backfill, 'day') : today;
  const closed = (d: Dayjs) => d.isBefore(earliest, 'day') || !school.isSchoolDay(iso(d));
  const submit = async (v: LeaveForm) => {
    try {
      // The document first (if any): the leave is filed naming it, or not at all.
      const file = v.document;
      const documentId = file ? (await uploadDocument(file).unwrap())._id : undefined;
      await request({
        childId: child?._id,
        leaveType: v.leaveType,
        startDate: v.startDate.format('YYYY-MM-DD'),
        endDate: v.endDate.format('YYYY-MM-DD'),
        reason: v.reason.trim(),
        documentId,
      }).unwrap();
      notify.success(child ? t('request.child.submitted', { name: child.fullName }) : t('request.submitted'));
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, t('request.failed'), {
          [ErrorCode.LeaveOverlap]: child ? t('request.child.overlap', { name: child.fullName }) : t('request.overlap'),
          [ErrorCode.LeaveBackdatedTooFar]: t('request.backdated', { days: backfill }),
          [ErrorCode.NotASchoolDay]: t('request.notSchoolDay'),
        }),
      );
    }
  };
  return (
    <Modal
      open={open}
      title={t('request.title')}
      okText={t('request.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading || uploading.isLoading}
      forceRender
    >
      <Form
        form={form}
        name={filingFor ? 'guardianLeave' : undefined}
        layout="vertical"
        onFinish={submit}
        initialValues={filingFor ? { childId: filingFor.chosen } : undefined}
      >
        {filingFor && (
          <Form.Item
            label={t('request.child.label')}
            name="childId"
            rules={[{ required: true, message: t('request.child.required') }]}
          >
            <Select options={filingFor.all.map((c) => ({ value: c._id, label: c.fullName }))} />
          </Form.Item>
        )}
        <Form.Item
          label={t('request.type')}
          name="leaveType"
          rules={[{ required: true, message: t('request.typeRequired') }]}
        >
          <Select
            placeholder={t('request.chooseType')}
            options={MENTEE_LEAVE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('request.start')}
          name="startDate"
          rules={[{ required: true, message: t('request.startRequired') }]}
          extra={
            leaveType === 'sick'
              ? t(filingFor ? 'request.child.sickBackfill' : 'request.sickBackfill', { days: backfill })
              : undefined
          }
        >
          <DatePicker style={{ width: '100%' }} format={f.picker()} disabledDate={closed} />
        </Form.Item>
        <Form.Item
          label={t('request.end')}
          name="endDate"
          dependencies={['startDate']}
          rules={[
            { required: true, message: t('request.endRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const start: Dayjs | undefined = getFieldValue('startDate');
                return !value || !start || !value.isBefore(start, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('request.endBeforeStart')));
              },
            }),
          ]}
        >
          <DatePicker
            style={{ width: '100%' }}
            format={f.picker()}
            disabledDate={(d) => {
              const s: Dayjs | undefined = form.getFieldValue('startDate');
              return (!!s && d.isBefore(s, 'day')) || closed(d);
            }}
          />
        </Form.Item>
        <ImpactPreview start={start} end={end} child={child} />
        <Form.Item
          label={t('request.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, message: t('request.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          label={t('request.document')}
          name="document"
          extra={t('request.documentHelp', { mb: MAX_MB })}
          rules={[
            {
              validator: async (_, file: File | undefined) => {
                if ((file?.size ?? 0) > LEAVE_DOCUMENT_MAX_BYTES)
                  throw new Error(t('request.documentTooLarge', { mb: MAX_MB }));
              },
            },
          ]}
        >
          <DocumentPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
