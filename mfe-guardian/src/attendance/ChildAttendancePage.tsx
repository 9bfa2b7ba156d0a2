import { Button, Flex, Select, Skeleton } from 'antd';
import { useId, useState } from 'react';
import {
  ATTENDANCE_STATUSES,
  attendancePercentages,
  type AttendanceStatus,
  type GuardianChild,
} from '@portal/contracts';
import {
  AttendanceBandTag,
  AttendanceFigure,
  hasRecordedDays,
  useAbsenceReasonLabel,
  LeaveEligibilityTag,
  useAttendanceStatusLabel,
} from '@portal/attendance';
import { EmptyState, ItemList, LoadError, PageHeader, Panel, Text } from '@portal/ui';
import { calendarDay, useFormat, useSchoolToday, useScreens } from '@portal/web-core';
import { ChildArea } from '../children/ChildArea';
import { useChildAttendanceQuery } from '../guardianApi';
import { useGuardianT } from '../i18n';
import { DayStatusTag } from './DayStatusTag';
import { AbsenceAnswerDialog } from './AbsenceAnswerDialog';

/** How many months back the chooser offers, the current one included. */
const MONTHS_OFFERED = 12;

/** The month chooser: the school's current month and the ones before it, newest first. */
function MonthChooser({ value, current, onChange }: { value: string; current: string; onChange: (m: string) => void }) {
  const { t } = useGuardianT();
  const f = useFormat();
  const id = useId();
  const phone = useScreens().sm === false;
  const first = calendarDay(`${current}-01`);
  const options = Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const month = first.subtract(i, 'month').format('YYYY-MM');
    return { value: month, label: f.monthYear(month) };
  });
  return (
    <Flex vertical gap={4} style={{ width: phone ? '100%' : 200 }}>
      <label htmlFor={id}>
        <Text strong>{t('attendance.month')}</Text>
      </label>
      <Select id={id} value={value} onChange={onChange} options={options} style={{ width: '100%' }} />
    </Flex>
  );
}

/** One child's month: the count of each mark, the days one by one, and their attendance overall with eligibility. */
function MonthAttendance({ child, month, current }: { child: GuardianChild; month: string; current: string }) {
  const { t } = useGuardianT();
  const f = useFormat();
  const statusLabel = useAttendanceStatusLabel();
  const reasonLabel = useAbsenceReasonLabel();
  const [answering, setAnswering] = useState<string | null>(null);
  // The current month is asked without ?month=: the same answer as the dashboard's, already in the cache.
  const {
    currentData: data,
    error,
    refetch,
  } = useChildAttendanceQuery({
    childId: child._id,
    month: month === current ? undefined : month,
  });
  if (error) return <LoadError title={t('attendance.loadFailed')} onRetry={refetch} />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const counts = Object.fromEntries(
    ATTENDANCE_STATUSES.map((status) => [status, data.days.filter((d) => d.status === status).length]),
  ) as Record<AttendanceStatus, number>;
  // The month's own figure, by the contract's one derivation (the summary below is the child's whole record).
  const { percentage } = attendancePercentages(counts);
  const { summary } = data;
  return (
    <Flex vertical gap={16}>
      <Panel title={f.monthYear(data.month)} data-testid="month-days">
        {data.days.length === 0 ? (
          <EmptyState title={t('attendance.empty')} />
        ) : (
          <Flex vertical gap={12}>
            {data.days.some((d) => d.status === 'absent' && !d.answer) && (
              <Text type="secondary">{t('attendance.answer.help')}</Text>
            )}
            <Flex wrap gap="4px 16px" data-testid="month-counts">
              <span>
                <Text type="secondary">{t('attendance.monthPercent')}</Text> <Text strong>{f.percent(percentage)}</Text>
              </span>
              {ATTENDANCE_STATUSES.map((status) => (
                <span key={status}>
                  <Text type="secondary">{statusLabel(status)}</Text> <Text strong>{f.number(counts[status])}</Text>
                </span>
              ))}
            </Flex>
            <ItemList
              items={data.days}
              rowKey={(d) => d.date}
              size="small"
              renderItem={(d) => (
                <Flex vertical gap={4} style={{ width: '100%' }} data-testid="attendance-day">
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Text>{calendarDay(d.date).format(t('attendance.format.day'))}</Text>
                    <Flex align="center" gap={8}>
                      {d.status === 'absent' && !d.answer && (
                        <Button
                          size="small"
                          aria-label={t('attendance.answer.actionFor', {
                            day: calendarDay(d.date).format(t('attendance.format.longDay')),
                          })}
                          onClick={() => setAnswering(d.date)}
                        >
                          {t('attendance.answer.action')}
                        </Button>
                      )}
                      <DayStatusTag status={d.status} />
                    </Flex>
                  </Flex>
                  {d.answer && (
                    <Text type="secondary" style={{ fontSize: 13 }}>
                      {t('attendance.answer.answered', {
                        reason: reasonLabel(d.answer.reason),
                        who: d.answer.answeredBy,
                      })}
                      {d.answer.note ? ` · “${d.answer.note}”` : ''}
                    </Text>
                  )}
                </Flex>
              )}
            />
            <AbsenceAnswerDialog child={child} date={answering} onClose={() => setAnswering(null)} />
          </Flex>
        )}
      </Panel>
      <Panel title={t('attendance.overall')} data-testid="overall">
        <Flex vertical gap={8} align="flex-start">
          <Text strong style={{ fontSize: 20 }}>
            {hasRecordedDays(summary) ? f.percent(summary.percentage) : '—'}
          </Text>
          <span>
            <AttendanceBandTag attendance={summary} />
            <LeaveEligibilityTag attendance={summary} />
          </span>
          {hasRecordedDays(summary) && (
            <Text type="secondary">
              {t('attendance.days', { present: summary.presentDays, total: summary.totalDays })}
            </Text>
          )}
          <AttendanceFigure attendance={summary} line />
        </Flex>
      </Panel>
    </Flex>
  );
}

/** A guardian's view of their chosen child's attendance, a month at a time. */
export function ChildAttendancePage() {
  const { t } = useGuardianT();
  const current = useSchoolToday().slice(0, 7);
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? current;
  return (
    <>
      <PageHeader title={t('attendance.title')} subtitle={t('attendance.subtitle')} />
      <ChildArea tools={<MonthChooser value={month} current={current} onChange={setChosen} />}>
        {(child) => <MonthAttendance key={child._id} child={child} month={month} current={current} />}
      </ChildArea>
    </>
  );
}
