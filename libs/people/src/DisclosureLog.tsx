import { Card, Flex, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState, type CSSProperties } from 'react';
import { PAGE_SIZE, type DisclosureEntry } from '@portal/contracts';
import { EmptyState, LoadError } from '@portal/ui';
import { errorMessage, useFormat } from '@portal/web-core';
import { useMyDisclosuresQuery, useStudentDisclosuresQuery } from './disclosuresApi';
import { usePeopleT } from './i18n';

/** What was viewed, in words: "Viewed: medical conditions, address" or the record's kind; a list load says so. */
function useWhat() {
  const { t } = usePeopleT();
  return (e: DisclosureEntry) => {
    const what =
      e.record === 'profile'
        ? t('disclosures.record.profile', {
            fields: e.fields.map((f) => t(`disclosures.field.${f}`, { defaultValue: f })).join(', '),
          })
        : t(`disclosures.record.${e.record}`);
    return e.students > 1 ? `${what} ${t('disclosures.inList', { count: e.students })}` : what;
  };
}

function Entry({ entry }: { entry: DisclosureEntry }) {
  const { t } = usePeopleT();
  const f = useFormat();
  const what = useWhat();
  return (
    <li data-testid="disclosure" style={{ listStyle: 'none', paddingBlock: 8 }}>
      <Flex justify="space-between" gap={8} wrap align="baseline">
        <Flex gap={8} wrap align="baseline" style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {entry.viewer.fullName}
          </Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`disclosures.roles.${entry.viewer.role}`)}</Tag>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={entry.createdAt}>{f.dateTime(entry.createdAt)}</time>
        </Typography.Text>
      </Flex>
      <Typography.Text style={{ display: 'block', marginTop: 2 }}>{what(entry)}</Typography.Text>
    </li>
  );
}

/**
 * Who viewed a student's sensitive records, newest first, a page at a time: for an admin (`studentId`: every view,
 * safeguarding reads included) or the student themselves (no `studentId`: staff views, no safeguarding reads).
 */
export function DisclosureLog({ studentId }: { studentId?: string }) {
  const { t } = usePeopleT();
  const [page, setPage] = useState(1);
  const ofStudent = useStudentDisclosuresQuery({ studentId: studentId ?? '', page }, { skip: !studentId });
  const mine = useMyDisclosuresQuery({ page }, { skip: !!studentId });
  const q = studentId ? ofStudent : mine;

  // The page asked for failed (a later page too: the hook would otherwise keep showing the last one).
  if (q.isError) return <LoadError title={errorMessage(q.error, t('disclosures.loadFailed'))} onRetry={q.refetch} />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.data.total === 0)
    return <EmptyState title={studentId ? t('disclosures.emptyAdmin') : t('disclosures.emptyMine')} />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('disclosures.total', { count: q.data.total })}</Typography.Text>
      <ol
        aria-label={t('disclosures.listLabel')}
        aria-busy={q.isFetching}
        style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column' }}
      >
        {q.data.entries.map((e) => (
          <Entry key={e._id} entry={e} />
        ))}
      </ol>
      {q.data.total > PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={q.data.total}
          onChange={setPage}
          style={{ alignSelf: 'center' }}
        />
      )}
    </Flex>
  );
}

/** The log in its card: the admin's on a student's editor (`studentId`), or the student's "Who viewed my record". */
export function DisclosureLogCard({ studentId, style }: { studentId?: string; style?: CSSProperties }) {
  const { t } = usePeopleT();
  return (
    <Card
      title={studentId ? t('disclosures.adminTitle') : t('disclosures.mineTitle')}
      style={{ marginTop: 16, ...style }}
      data-testid="who-viewed"
    >
      <Typography.Paragraph type="secondary">
        {studentId ? t('disclosures.adminExplain') : t('disclosures.mineExplain')}
      </Typography.Paragraph>
      <DisclosureLog studentId={studentId} />
    </Card>
  );
}
