import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorCode, type LeaveType, MENTEE_LEAVE_TYPES, SICK_LEAVE_BACKFILL_DAYS } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
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
  const ready = !!start && !!end && !end.isBefore(start, 'day');
  const { data, isFetching, isError } = useLeaveImpactQuery(
    ready ? { startDate: iso(start), endDate: iso(end) } : { startDate: '', endDate: '' },
    { skip: !ready },
  );
  if (!ready) return null;
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      {isError ? (
        <Typography.Text type="secondary">
          The effect on your attendance could not be worked out just now.
        </Typography.Text>
      ) : data && !isFetching ? (
        <LeaveImpactNote impact={data} subject="you" />
      ) : (
        <Typography.Text type="secondary">Working out the effect on your attendance…</Typography.Text>
      )}
    </div>
  );
}

export function RequestLeaveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<LeaveForm>();
  const [request, { isLoading }] = useRequestLeaveMutation();
  const leaveType = Form.useWatch('leaveType', form);
  const start = Form.useWatch('startDate', form);
  const end = Form.useWatch('endDate', form);
  // A month back (sick leave may be filed after the fact) to a year ahead, by the school's calendar.
  const [span] = useState(() => ({
    from: iso(dayjs().subtract(1, 'month')),
    to: iso(dayjs().subtract(1, 'month').add(364, 'day')),
  }));
  const school = useSchoolCalendar(span.from, span.to);
  const today = dayjs(school.today ?? undefined);
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
      notify.success('Leave request submitted successfully!');
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, 'Failed to submit leave request', {
          [ErrorCode.LeaveOverlap]:
            'You already have a leave request for some of these dates. Choose other dates or wait for that request to be decided.',
          [ErrorCode.LeaveBackdatedTooFar]: `Sick leave can start at most ${backfill} days back; other leave cannot start in the past.`,
          [ErrorCode.NotASchoolDay]: 'Choose school days: the start and end of a leave cannot be a weekend or holiday.',
        }),
      );
    }
  };
  return (
    <Modal
      open={open}
      title="Request Leave"
      okText="Submit Request"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="Leave type" name="leaveType" rules={[{ required: true, message: 'Leave type is required' }]}>
          <Select
            placeholder="Choose a type"
            options={MENTEE_LEAVE_TYPES.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }))}
          />
        </Form.Item>
        <Form.Item
          label="Start date"
          name="startDate"
          rules={[{ required: true, message: 'Start date is required' }]}
          extra={
            leaveType === 'sick'
              ? `Sick leave can start up to ${backfill} days back, for days you were already away.`
              : undefined
          }
        >
          <DatePicker style={{ width: '100%' }} disabledDate={closed} />
        </Form.Item>
        <Form.Item
          label="End date"
          name="endDate"
          dependencies={['startDate']}
          rules={[
            { required: true, message: 'End date is required' },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const start: Dayjs | undefined = getFieldValue('startDate');
                return !value || !start || !value.isBefore(start, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error('End date cannot be before the start date'));
              },
            }),
          ]}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => {
              const s: Dayjs | undefined = form.getFieldValue('startDate');
              return (!!s && d.isBefore(s, 'day')) || closed(d);
            }}
          />
        </Form.Item>
        <ImpactPreview start={start} end={end} />
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, whitespace: true, message: 'Reason is required' }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function LeavesPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Leave Requests"
        subtitle={`Today is ${dayjs().format('dddd, MMM D')}`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            Request Leave
          </Button>
        }
      />
      <LeavesBoard role="mentee" />
      <RequestLeaveDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
