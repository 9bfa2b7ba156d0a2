import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, InputNumber, List, Row, Select, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { RISK_SETTING_LIMITS, type AttendanceWindow, type FollowUpOutcome, type RiskSettings } from '@portal/contracts';
import {
  daysSince,
  RiskSignalChips,
  usePeopleT,
  useFollowUpOutcomesQuery,
  useFollowUpOverviewQuery,
  useRiskSettingsQuery,
  useUpdateRiskSettingsMutation,
} from '@portal/people';
import { EmptyState, LoadError, PageHeader, Text } from '@portal/ui';
import { errorMessage, formats, notify, schoolDayOf, Trans, useDownloadFile, useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

// The thresholds in the order the form shows them; each one's label is `followup.settings.<key>`.
const SETTINGS: (keyof RiskSettings)[] = [
  'consecutiveAbsences',
  'lowAttendancePercent',
  'attendanceDropPoints',
  'attendanceWindowSchoolDays',
  'leaveRequests',
  'leaveWindowDays',
  'grievanceOpenDays',
  'noContactDays',
];

function ThresholdsCard() {
  const { t } = useAdminT();
  const { data, isLoading, error, refetch } = useRiskSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateRiskSettingsMutation();
  const [form] = Form.useForm<RiskSettings>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const submit = async (v: RiskSettings) => {
    try {
      await save(v).unwrap();
      notify.success(t('followup.thresholds.saved'));
    } catch (e) {
      notify.error(errorMessage(e, t('followup.thresholds.saveFailed')));
    }
  };
  return (
    <Card title={t('followup.thresholds.title')}>
      {isLoading ? (
        <Skeleton active />
      ) : error || !data ? (
        <LoadError title={t('followup.thresholds.loadFailed')} onRetry={refetch} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={data}>
          <Row gutter={16}>
            {SETTINGS.map((key) => (
              <Col xs={24} sm={12} key={key}>
                <Form.Item
                  label={t(`followup.settings.${key}`)}
                  name={key}
                  rules={[
                    {
                      required: true,
                      message: t('followup.thresholds.required', { label: t(`followup.settings.${key}`) }),
                    },
                  ]}
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
            {t('followup.thresholds.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

const windowText = (t: ReturnType<typeof useAdminT>['t'], w: AttendanceWindow) =>
  w.percentage === null
    ? t('followup.window.none', { schoolDays: formats.number(w.schoolDays) })
    : t('followup.window.some', {
        percentage: formats.percent(w.percentage),
        markedDays: formats.number(w.markedDays),
        schoolDays: formats.number(w.schoolDays),
      });

/** The follow-up screen: thresholds, who is waiting longest, counts per class, and outcomes (CSV). No ranking of mentors. */
export function AdminFollowUpPage() {
  const { t } = useAdminT();
  const { t: tp } = usePeopleT();
  const f = useFormat();
  const overview = useFollowUpOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [mentorId, setMentorId] = useState<string | undefined>();
  const outcomes = useFollowUpOutcomesQuery({ mentorId }, { refetchOnMountOrArgChange: true });
  const download = useDownloadFile();
  const exportCsv = () =>
    download('/admin/followup/outcomes/export', { mentorId }, 'follow-up-outcomes.csv').catch(() =>
      notify.error(t('followup.exportFailed')),
    );
  const mentorOptions = [
    ...new Map(
      (outcomes.data ?? [])
        .filter((o) => o.mentorId)
        .map((o) => [o.mentorId!, { value: o.mentorId!, label: o.mentorName ?? t('followup.deletedMentor') }]),
    ).values(),
  ];
  return (
    <>
      <PageHeader title={t('followup.title')} subtitle={t('followup.subtitle')} />
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('followup.waitingByMentor')}>
              {overview.isLoading ? (
                <Skeleton active />
              ) : overview.error || !overview.data ? (
                <LoadError title={t('followup.overviewFailed')} onRetry={overview.refetch} />
              ) : overview.data.mentors.length ? (
                <List
                  dataSource={overview.data.mentors}
                  rowKey={(m) => m.mentorId}
                  renderItem={(m) => (
                    <List.Item>
                      <Flex vertical>
                        <Text strong>{m.fullName}</Text>
                        <Text type="secondary">
                          {t('followup.waiting', {
                            waiting: f.number(m.waiting),
                            days: f.number(daysSince(schoolDayOf(m.waitingSince))),
                          })}
                        </Text>
                      </Flex>
                    </List.Item>
                  )}
                />
              ) : (
                <EmptyState title={t('followup.nobodyWaiting')} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('followup.perClass')}>
              {overview.data?.classes.length ? (
                <List
                  dataSource={overview.data.classes}
                  rowKey={(c) => `${c.class}-${c.section}`}
                  renderItem={(c) => (
                    <List.Item>
                      <Text>
                        <Trans
                          t={t}
                          i18nKey="followup.classWaiting"
                          values={{ class: c.class, section: c.section, waiting: f.number(c.waiting) }}
                          components={{ b: <b /> }}
                        />
                      </Text>
                    </List.Item>
                  )}
                />
              ) : (
                !overview.isLoading && <EmptyState title={t('followup.nobodyWaiting')} />
              )}
            </Card>
          </Col>
        </Row>
        <Card title={t('followup.adminQueue')} styles={{ title: { whiteSpace: 'normal' } }}>
          <Text type="secondary">{t('followup.adminQueueHelp')}</Text>
          {overview.data?.adminQueue.length ? (
            <List
              dataSource={overview.data.adminQueue}
              rowKey={(e) => e.menteeId}
              renderItem={(e) => (
                <List.Item>
                  <Flex vertical gap={4} style={{ width: '100%' }}>
                    <Text strong>{e.fullName}</Text>
                    <Text type="secondary">
                      {t('followup.studentClass', { class: e.class, section: e.section, studentId: e.studentId })}
                    </Text>
                    <RiskSignalChips signals={e.signals} />
                  </Flex>
                </List.Item>
              )}
            />
          ) : (
            !overview.isLoading && <EmptyState title={t('followup.adminQueueEmpty')} />
          )}
        </Card>
        <Card
          title={t('followup.outcomes')}
          styles={{ title: { whiteSpace: 'normal' } }}
          extra={
            <Button icon={<DownloadOutlined aria-hidden />} onClick={exportCsv}>
              {t('followup.exportCsv')}
            </Button>
          }
        >
          <Flex vertical gap={12}>
            <Select
              allowClear
              aria-label={t('followup.mentor')}
              placeholder={t('followup.allMentors')}
              style={{ maxWidth: 320 }}
              value={mentorId}
              onChange={setMentorId}
              options={mentorOptions}
            />
            <Text type="secondary">{t('followup.outcomesHelp')}</Text>
            {outcomes.error ? (
              <LoadError title={t('followup.outcomesFailed')} onRetry={outcomes.refetch} />
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
                  { title: t('followup.columns.date'), dataIndex: 'date', responsive: ['md'] },
                  { title: t('followup.columns.student'), dataIndex: 'fullName' },
                  {
                    title: t('followup.columns.mentor'),
                    dataIndex: 'mentorName',
                    responsive: ['md'],
                    render: (n: string | null) => n ?? '—',
                  },
                  {
                    title: t('followup.columns.mode'),
                    dataIndex: 'mode',
                    responsive: ['md'],
                    render: (m: FollowUpOutcome['mode']) => tp(`contactMode.${m}`),
                  },
                  { title: t('followup.columns.before'), render: (_, o) => windowText(t, o.before) },
                  { title: t('followup.columns.after'), render: (_, o) => windowText(t, o.after) },
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
