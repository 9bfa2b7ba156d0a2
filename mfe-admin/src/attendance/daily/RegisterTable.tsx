import { Empty, Flex, Table, Tag, Typography } from 'antd';
import type { AttendanceStatus, DailyAttendanceResponse, MenteeRecord } from '@portal/contracts';
import { useAttendanceStatusLabel } from '@portal/attendance';
import { useAdminT } from '../i18n';
import { StudentMark } from './StudentMark';
import { DisputedMark } from './DisputedMark';
import type { AttendanceDraft } from './useAttendanceDraft';

/**
 * The students shown, each with the day's mark; on a phone (`wide` false) the class moves under the name and the
 * Unsaved column goes, so that the register never scrolls sideways.
 */
export function RegisterTable({
  students,
  loaded,
  loading,
  wide,
  canMark,
  draft,
  date,
  disputed,
  onMark,
}: {
  students: MenteeRecord[];
  loaded: boolean;
  loading: boolean;
  wide: boolean;
  canMark: boolean;
  draft: AttendanceDraft;
  /** The day shown (YYYY-MM-DD). */
  date: string;
  /** The day's marks a family disputes, by student. */
  disputed: NonNullable<DailyAttendanceResponse['disputedMarks']>;
  onMark: (student: MenteeRecord, status: AttendanceStatus) => void;
}) {
  const { t } = useAdminT();
  const statusLabel = useAttendanceStatusLabel();
  const markOf = (s: MenteeRecord) => (
    <StudentMark
      student={s}
      value={draft.marks[s._id]}
      note={draft.overrideNote(s._id)}
      disabled={!canMark}
      wide={wide}
      onChange={(v) => onMark(s, v)}
    />
  );
  return (
    <Table<MenteeRecord>
      rowKey="_id"
      size="small"
      loading={loading}
      dataSource={loaded ? students : []}
      // A class of up to 100 is one list (its save bar stays at hand below it); only a larger choice is paged.
      pagination={{ pageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{
        emptyText: loaded ? (
          <Empty
            description={
              <>
                {t('attendance.noStudents')}
                <br />
                {t('attendance.adjust')}
              </>
            }
          />
        ) : (
          ' '
        ),
      }}
      columns={[
        {
          title: t('attendance.columns.student'),
          render: (_, s) => (
            <Flex vertical gap={wide ? 0 : 8}>
              <Flex vertical>
                <Typography.Text strong>
                  {s.fullName}{' '}
                  {draft.onLeave.has(s._id) && (
                    <Tag color="blue" data-testid="on-leave-tag">
                      {statusLabel('leave')}
                    </Tag>
                  )}
                  {disputed[s._id] && <DisputedMark name={s.fullName} date={date} dispute={disputed[s._id]} />}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.studentId}
                  {wide ? '' : ` · ${s.class}-${s.section}`}
                </Typography.Text>
              </Flex>
              {/* On a phone the four choices take the row's whole width, under the name. */}
              {!wide && markOf(s)}
            </Flex>
          ),
        },
        {
          title: t('attendance.columns.class'),
          width: 100,
          responsive: ['sm'],
          render: (_, s) => `${s.class}-${s.section}`,
        },
        ...(wide
          ? [{ title: t('attendance.columns.attendance'), render: (_: unknown, s: MenteeRecord) => markOf(s) }]
          : []),
        {
          title: '',
          width: 90,
          responsive: ['sm'],
          render: (_, s) => (draft.isUnsaved(s._id) ? <Tag color="blue">{t('attendance.unsavedTag')}</Tag> : null),
        },
      ]}
    />
  );
}
