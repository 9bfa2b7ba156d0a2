import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { MonthlyAttendanceRow } from '@portal/contracts';
import { notify, schoolTodayDay, useDownloadFile, useFormat } from '@portal/web-core';
import { AttendanceFigure, attendanceBand, BAND_TAG } from '@portal/attendance';
import { useAdminT } from '../i18n';
import { useMonthAttendanceQuery } from '../attendanceApi';
import { useMonths } from '../useMonths';

/** A month's figures for every student, with the month's CSV export. */
export function MonthlyAttendance() {
  const [month, setMonth] = useState(() => schoolTodayDay().month() + 1);
  const [year, setYear] = useState(() => schoolTodayDay().year());
  const { data, isFetching, error } = useMonthAttendanceQuery({ month, year });
  const download = useDownloadFile();
  const { t } = useAdminT();
  const f = useFormat();
  const MONTHS = useMonths();
  useEffect(() => {
    if (error) notify.error(t('attendance.monthFailed'));
  }, [error, t]);
  const years = Array.from({ length: schoolTodayDay().year() - 2020 + 1 }, (_, i) => 2020 + i);
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Select
            value={month}
            options={MONTHS}
            onChange={setMonth}
            style={{ width: 140 }}
            aria-label={t('attendance.month')}
          />
          <Select
            value={year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={setYear}
            style={{ width: 100 }}
            aria-label={t('attendance.year')}
          />
          {data && (
            <Typography.Text type="secondary">{t('attendance.schoolDays', { count: data.schoolDays })}</Typography.Text>
          )}
        </Space>
      }
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!data?.schoolDays}
          onClick={() =>
            download(
              '/admin/attendance/export',
              { month: String(month), year: String(year) },
              `attendance-${year}-${String(month).padStart(2, '0')}.csv`,
            ).catch(() => notify.error(t('attendance.exportFailed')))
          }
        >
          {t('attendance.exportCsv')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={t('attendance.monthFailed')} style={{ marginBottom: 12 }} />}
      <Table<MonthlyAttendanceRow>
        rowKey="_id"
        size="small"
        loading={isFetching}
        dataSource={data?.students ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('attendance.noStudents')} /> }}
        columns={[
          {
            title: t('attendance.columns.student'),
            render: (_, s) => (
              <Flex vertical>
                <Typography.Text strong>{s.fullName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.studentId}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('attendance.columns.class'), responsive: ['sm'], render: (_, s) => `${s.class}-${s.section}` },
          { title: t('attendance.columns.present'), dataIndex: 'present', sorter: (a, b) => a.present - b.present },
          {
            title: t('attendance.columns.late'),
            dataIndex: 'late',
            responsive: ['sm'],
            sorter: (a, b) => a.late - b.late,
          },
          { title: t('attendance.columns.absent'), dataIndex: 'absent', sorter: (a, b) => a.absent - b.absent },
          {
            title: t('attendance.columns.leave'),
            dataIndex: 'leave',
            responsive: ['sm'],
            sorter: (a, b) => a.leave - b.leave,
          },
          {
            title: t('attendance.columns.percentage'),
            dataIndex: 'percentage',
            sorter: (a, b) => a.percentage - b.percentage,
            render: (p: number, s) =>
              s.present + s.late + s.absent + s.leave ? (
                <>
                  <Tag color={BAND_TAG[attendanceBand(p)]}>
                    {f.number(p / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                  </Tag>
                  <AttendanceFigure attendance={s} line />
                </>
              ) : (
                <Typography.Text type="secondary">{t('attendance.noRecords')}</Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}
