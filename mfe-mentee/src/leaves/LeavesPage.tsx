import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorCode, type LeaveType, MENTEE_LEAVE_TYPES } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { LeavesBoard, useRequestLeaveMutation } from '@portal/leaves';

interface LeaveForm {
  leaveType: LeaveType;
  startDate: Dayjs;
  endDate: Dayjs;
  reason: string;
}

export function RequestLeaveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<LeaveForm>();
  const [request, { isLoading }] = useRequestLeaveMutation();
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
        <Form.Item label="Start date" name="startDate" rules={[{ required: true, message: 'Start date is required' }]}>
          <DatePicker style={{ width: '100%' }} />
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
              return !!s && d.isBefore(s, 'day');
            }}
          />
        </Form.Item>
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
