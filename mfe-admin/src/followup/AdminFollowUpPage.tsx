import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, InputNumber, List, Row, Select, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import {
  CONTACT_MODE_LABELS,
  RISK_SETTING_LIMITS,
  type AttendanceWindow,
  type FollowUpOutcome,
  type RiskSettings,
} from '@portal/contracts';
import {
  daysSince,
  useFollowUpOutcomesQuery,
  useFollowUpOverviewQuery,
  useRiskSettingsQuery,
  useUpdateRiskSettingsMutation,
} from '@portal/people';
import { EmptyState, LoadError, PageHeader, Text } from '@portal/ui';
import { errorMessage, notify, useDownloadFile } from '@portal/web-core';

const SETTING_LABELS: Record<keyof RiskSettings, string> = {
  consecutiveAbsences: 'Unexcused absences in a row',
  lowAttendancePercent: 'Attendance below (%)',
  attendanceDropPoints: 'Attendance drop (points)',
  attendanceWindowSchoolDays: 'Attendance window (school days)',
  leaveRequests: 'Leave requests',
  leaveWindowDays: '…within (days)',
  grievanceOpenDays: 'Grievance open longer than (days)',
  noContactDays: 'No contact for (days)',
};

function ThresholdsCard() {
  const { data, isLoading, error, refetch } = useRiskSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateRiskSettingsMutation();
  const [form] = Form.useForm<RiskSettings>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const submit = async (v: RiskSettings) => {
    try {
      await save(v).unwrap();
      notify.success('Thresholds saved: every student is being re-evaluated');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not save the thresholds'));
    }
  };
  return (
    <Card title="Risk signal thresholds">
      {isLoading ? (
        <Skeleton active />
      ) : error || !data ? (
        <LoadError title="Could not load the thresholds" onRetry={refetch} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={data}>
          <Row gutter={16}>
            {(Object.keys(SETTING_LABELS) as (keyof RiskSettings)[]).map((key) => (
              <Col xs={24} sm={12} key={key}>
                <Form.Item
                  label={SETTING_LABELS[key]}
                  name={key}
                  rules={[{ required: true, message: `${SETTING_LABELS[key]} is required` }]}
                >
                  <InputNumber
                    min={RISK_SETTING_LIMITS[key].min}
                    max={RISK_SETTING_LIMITS[key].max}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save thresholds
          </Button>
        </Form>
      )}
    </Card>
  );
}

const windowText = (w: AttendanceWindow) =>
  w.percentage === null
    ? `— (0 of ${w.schoolDays} days)`
    : `${w.percentage}% (${w.markedDays} of ${w.schoolDays} days)`;

/** The follow-up screen: thresholds, who is waiting longest, counts per class, and outcomes (CSV). No ranking of mentors. */
export function AdminFollowUpPage() {
  const overview = useFollowUpOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [mentorId, setMentorId] = useState<string | undefined>();
  const outcomes = useFollowUpOutcomesQuery({ mentorId }, { refetchOnMountOrArgChange: true });
  const download = useDownloadFile();
  const exportCsv = () =>
    download('/admin/followup/outcomes/export', { mentorId }, 'follow-up-outcomes.csv').catch(() =>
      notify.error('Export failed. Please try again.'),
    );
  const mentorOptions = [
    ...new Map(
      (outcomes.data ?? [])
        .filter((o) => o.mentorId)
        .map((o) => [o.mentorId!, { value: o.mentorId!, label: o.mentorName ?? 'Deleted mentor' }]),
    ).values(),
  ];
  return (
    <>
      <PageHeader title="Follow-up" subtitle="Students waiting for their mentor, and what follow-ups changed" />
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title="Waiting longest, by mentor">
              {overview.isLoading ? (
                <Skeleton active />
              ) : overview.error || !overview.data ? (
                <LoadError title="Could not load the overview" onRetry={overview.refetch} />
              ) : overview.data.mentors.length ? (
                <List
                  dataSource={overview.data.mentors}
                  rowKey={(m) => m.mentorId}
                  renderItem={(m) => (
                    <List.Item>
                      <Flex vertical>
                        <Text strong>{m.fullName}</Text>
                        <Text type="secondary">
                          {m.waiting} waiting · the longest for {daysSince(m.waitingSince.slice(0, 10))} days
                        </Text>
                      </Flex>
                    </List.Item>
                  )}
                />
              ) : (
                <EmptyState title="Nobody waiting" />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Waiting students per class">
              {overview.data?.classes.length ? (
                <List
                  dataSource={overview.data.classes}
                  rowKey={(c) => `${c.class}-${c.section}`}
                  renderItem={(c) => (
                    <List.Item>
                      <Text>
                        Class {c.class}-{c.section}: <b>{c.waiting}</b>
                      </Text>
                    </List.Item>
                  )}
                />
              ) : (
                !overview.isLoading && <EmptyState title="Nobody waiting" />
              )}
            </Card>
          </Col>
        </Row>
        <Card
          title="Outcomes of follow-ups"
          styles={{ title: { whiteSpace: 'normal' } }}
          extra={
            <Button icon={<DownloadOutlined />} onClick={exportCsv}>
              Export CSV
            </Button>
          }
        >
          <Flex vertical gap={12}>
            <Select
              allowClear
              aria-label="Mentor"
              placeholder="All mentors"
              style={{ maxWidth: 320 }}
              value={mentorId}
              onChange={setMentorId}
              options={mentorOptions}
            />
            <Text type="secondary">
              Attendance over the school days before and after each follow-up, with the days each side covers.
            </Text>
            {outcomes.error ? (
              <LoadError title="Could not load the outcomes" onRetry={outcomes.refetch} />
            ) : (
              <Table<FollowUpOutcome>
                size="small"
                rowKey="entryId"
                loading={outcomes.isFetching}
                dataSource={outcomes.data ?? []}
                scroll={{ x: true }}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                // On a phone the student and the two figures stay; the date, mentor and mode show from tablet width.
                columns={[
                  { title: 'Date', dataIndex: 'date', responsive: ['md'] },
                  { title: 'Student', dataIndex: 'fullName' },
                  {
                    title: 'Mentor',
                    dataIndex: 'mentorName',
                    responsive: ['md'],
                    render: (n: string | null) => n ?? '—',
                  },
                  {
                    title: 'Mode',
                    dataIndex: 'mode',
                    responsive: ['md'],
                    render: (m: FollowUpOutcome['mode']) => CONTACT_MODE_LABELS[m],
                  },
                  { title: 'Before', render: (_, o) => windowText(o.before) },
                  { title: 'After', render: (_, o) => windowText(o.after) },
                ]}
              />
            )}
          </Flex>
        </Card>
        <ThresholdsCard />
      </Flex>
    </>
  );
}
