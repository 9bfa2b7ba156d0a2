import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorCode, type LeaveType, MENTEE_LEAVE_TYPES, SICK_LEAVE_BACKFILL_DAYS } from '@portal/contracts';
import { calendarDay, errorMessage, notify, useFormat, useSchoolToday } from '@portal/web-core';
import { useMenteeT } from '../i18n';
import { PageHeader } from '@portal/ui';
import { useSchoolCalendar } from '@portal/attendance';
import { LeaveImpactNote, LeavesBoard, useLeaveImpactQuery, useRequestLeaveMutation } from '@portal/leaves';

interface LeaveForm {
  leaveType: LeaveType;
  startDate: Dayjs;
  endDate: Dayjs;
  reason: string;
}

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The effect of the chosen dates on the mentee's attendance, once type and dates are chosen. */
function ImpactPreview({ start, end }: { start: Dayjs | undefined; end: Dayjs | undefined }) {
  const { t } = useMenteeT();
  const ready = !!start && !!end && !end.isBefore(start, 'day');
  const { data, isFetching, isError } = useLeaveImpactQuery(
    ready ? { startDate: iso(start), endDate: iso(end) } : { startDate: '', endDate: '' },
    { skip: !ready },
  );
  if (!ready) return null;
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      {isError ? (
        <Typography.Text type="secondary">{t('leaves.dialog.impactFailed')}</Typography.Text>
      ) : data && !isFetching ? (
        <LeaveImpactNote impact={data} subject="you" />
      ) : (
        <Typography.Text type="secondary">{t('leaves.dialog.impactWorking')}</Typography.Text>
      )}
    </div>
  );
}

export function RequestLeaveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useMenteeT();
  const f = useFormat();
  const [form] = Form.useForm<LeaveForm>();
  const [request, { isLoading }] = useRequestLeaveMutation();
  const leaveType = Form.useWatch('leaveType', form);
  const start = Form.useWatch('startDate', form);
  const end = Form.useWatch('endDate', form);
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
      await request({
        leaveType: v.leaveType,
        startDate: v.startDate.format('YYYY-MM-DD'),
        endDate: v.endDate.format('YYYY-MM-DD'),
        reason: v.reason.trim(),
      }).unwrap();
      notify.success(t('leaves.dialog.submitted'));
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, t('leaves.dialog.failed'), {
          [ErrorCode.LeaveOverlap]: t('leaves.dialog.overlap'),
          [ErrorCode.LeaveBackdatedTooFar]: t('leaves.dialog.backdated', { days: backfill }),
          [ErrorCode.NotASchoolDay]: t('leaves.dialog.notSchoolDay'),
        }),
      );
    }
  };
  return (
    <Modal
      open={open}
      title={t('leaves.request')}
      okText={t('leaves.dialog.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('leaves.dialog.type')}
          name="leaveType"
          rules={[{ required: true, message: t('leaves.dialog.typeRequired') }]}
        >
          <Select
            placeholder={t('leaves.dialog.chooseType')}
            options={MENTEE_LEAVE_TYPES.map((type) => ({ value: type, label: t(`leaves.types.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('leaves.dialog.start')}
          name="startDate"
          rules={[{ required: true, message: t('leaves.dialog.startRequired') }]}
          extra={leaveType === 'sick' ? t('leaves.dialog.sickBackfill', { days: backfill }) : undefined}
        >
          <DatePicker style={{ width: '100%' }} format={f.picker()} disabledDate={closed} />
        </Form.Item>
        <Form.Item
          label={t('leaves.dialog.end')}
          name="endDate"
          dependencies={['startDate']}
          rules={[
            { required: true, message: t('leaves.dialog.endRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const start: Dayjs | undefined = getFieldValue('startDate');
                return !value || !start || !value.isBefore(start, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('leaves.dialog.endBeforeStart')));
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
        <ImpactPreview start={start} end={end} />
        <Form.Item
          label={t('leaves.dialog.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, message: t('leaves.dialog.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function LeavesPage() {
  const { t } = useMenteeT();
  const today = useSchoolToday();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('leaves.title')}
        subtitle={t('leaves.today', { date: calendarDay(today).format(t('leaves.format.today')) })}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('leaves.request')}
          </Button>
        }
      />
      <LeavesBoard role="mentee" />
      <RequestLeaveDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
