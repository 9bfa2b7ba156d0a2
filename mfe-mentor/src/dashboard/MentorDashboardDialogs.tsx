import { Button, Card, Descriptions, Flex, Input, Modal, Pagination, Progress, Skeleton, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { DashboardMentee } from '@portal/contracts';
import { EmptyState, ItemList } from '@portal/ui';
import {
  attendanceBand,
  AttendanceBandTag,
  AttendanceFigure,
  BAND_COLOR,
  hasRecordedDays,
  LeaveEligibilityTag,
  MonthlyAttendanceChart,
} from '@portal/attendance';
import { Trans } from '@portal/web-core';
import { useMentorT } from '../i18n';
import { LogFollowUpDialog, MenteeFollowUpView, useMenteeDetailsQuery, useMenteeFollowUpQuery } from '@portal/people';

// The dashboard's dialogs download when one is first opened (Modal, Descriptions and the chart are not needed before).

/** The student's follow-up: signals, the mentoring log (with a "Log meeting" button) and outcomes. */
function FollowUpCard({ mentee }: { mentee: DashboardMentee }) {
  const { t } = useMentorT();
  const { data, isLoading, error } = useMenteeFollowUpQuery(mentee._id);
  const [logging, setLogging] = useState(false);
  return (
    <Card
      size="small"
      title={t('details.followUp')}
      extra={
        <Button size="small" onClick={() => setLogging(true)}>
          {t('details.logMeeting')}
        </Button>
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error || !data ? (
        <Typography.Text type="danger">{t('details.followUpFailed')}</Typography.Text>
      ) : (
        <MenteeFollowUpView data={data} />
      )}
      <LogFollowUpDialog
        student={logging ? { menteeId: mentee._id, fullName: mentee.fullName } : null}
        onClose={() => setLogging(false)}
      />
    </Card>
  );
}

export function StudentDetails({ mentee, onClose }: { mentee: DashboardMentee | null; onClose: () => void }) {
  const { t } = useMentorT();
  const details = useMenteeDetailsQuery(mentee?._id ?? '', { skip: !mentee });
  useEffect(() => {
    // SPEC.md section 8: a failed fetch is only logged; the summary passed in stays on screen.
    if (details.error) console.error('Student details could not be loaded', details.error);
  }, [details.error]);
  const a = details.data?.attendance ?? mentee?.attendance;
  return (
    <Modal
      open={!!mentee}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
      title={mentee?.fullName}
      width={640}
    >
      {mentee && a && (
        <Flex vertical gap={16}>
          <Descriptions
            // One pair a row on a phone: four columns broke e-mails and ids mid-word at 390 px.
            column={{ xs: 1, sm: 2 }}
            size="small"
            bordered
            items={[
              { key: 'id', label: t('details.studentId'), children: mentee.studentId },
              { key: 'class', label: t('details.class'), children: `${mentee.class}-${mentee.section}` },
              { key: 'email', label: t('details.email'), children: mentee.email },
              { key: 'phone', label: t('details.phone'), children: mentee.phone || '—' },
            ]}
          />
          <Card size="small" title={t('details.attendance')}>
            <Flex align="center" gap={24} wrap>
              <Progress
                type="circle"
                aria-label={t('details.attendance')}
                percent={a.percentage}
                format={hasRecordedDays(a) ? undefined : () => '—'}
                size={96}
                strokeColor={BAND_COLOR[attendanceBand(a.percentage)]}
              />
              <Flex vertical gap={4}>
                <Typography.Text>
                  <Trans
                    t={t}
                    i18nKey="details.presentDays"
                    values={{ count: a.presentDays }}
                    components={{ b: <b /> }}
                  />
                </Typography.Text>
                {a.lateDays > 0 && (
                  <Typography.Text>
                    <Trans t={t} i18nKey="details.lateDays" values={{ count: a.lateDays }} components={{ b: <b /> }} />
                  </Typography.Text>
                )}
                <Typography.Text>
                  <Trans
                    t={t}
                    i18nKey="details.absentDays"
                    values={{ count: a.absentDays }}
                    components={{ b: <b /> }}
                  />
                </Typography.Text>
                {a.leaveDays > 0 && (
                  <Typography.Text>
                    <Trans
                      t={t}
                      i18nKey="details.leaveDays"
                      values={{ count: a.leaveDays }}
                      components={{ b: <b /> }}
                    />
                  </Typography.Text>
                )}
                <Typography.Text>
                  <Trans t={t} i18nKey="details.schoolDays" values={{ count: a.totalDays }} components={{ b: <b /> }} />
                </Typography.Text>
                <AttendanceFigure attendance={a} line />
                <span>
                  <AttendanceBandTag attendance={a} />
                  <LeaveEligibilityTag attendance={a} />
                </span>
              </Flex>
            </Flex>
          </Card>
          <Card size="small" title={t('details.monthly')}>
            {details.isLoading ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <MonthlyAttendanceChart history={details.data?.attendanceHistory ?? []} />
            )}
          </Card>
          <FollowUpCard mentee={mentee} />
        </Flex>
      )}
    </Modal>
  );
}

/** Rows per page of the My Mentees overlay. */
const MENTEES_PER_PAGE = 10;

/** The new-chat picker's rule (SPEC.md section 5): name, student ID or class-section, case-insensitively. */
export const menteeMatches = (m: DashboardMentee, term: string) =>
  [m.fullName, m.studentId, `${m.class}-${m.section}`].some((f) => f.toLowerCase().includes(term.toLowerCase()));

export function MenteesDialog({
  open,
  mentees,
  renderItem,
  onClose,
}: {
  open: boolean;
  mentees: DashboardMentee[];
  renderItem: (m: DashboardMentee) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useMentorT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = search.trim();
  const shown = term ? mentees.filter((m) => menteeMatches(m, term)) : mentees;
  const current = Math.min(page, Math.max(1, Math.ceil(shown.length / MENTEES_PER_PAGE)));
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('mentees.title')} width={760}>
      {mentees.length ? (
        <Flex vertical gap={12}>
          <Input.Search
            allowClear
            placeholder={t('mentees.searchPlaceholder')}
            aria-label={t('mentees.searchLabel')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          {shown.length ? (
            <ItemList
              items={shown.slice((current - 1) * MENTEES_PER_PAGE, current * MENTEES_PER_PAGE)}
              rowKey={(m) => m._id}
              renderItem={renderItem}
            />
          ) : (
            <EmptyState title={t('mentees.noMatch')} description={t('mentees.noMatchHelp')} />
          )}
          {shown.length > MENTEES_PER_PAGE && (
            <Pagination
              align="center"
              size="small"
              current={current}
              pageSize={MENTEES_PER_PAGE}
              total={shown.length}
              showSizeChanger={false}
              showTotal={(total, [from, to]) => t('mentees.range', { from, to, total })}
              onChange={setPage}
            />
          )}
        </Flex>
      ) : (
        <EmptyState title={t('dashboard.noMentees')} description={t('dashboard.noMenteesHelp')} />
      )}
    </Modal>
  );
}
