import { Button, Flex, Tag } from 'antd';
import type { AbsenceAnswerResponse } from '@portal/contracts';
import { useAbsenceReasonLabel } from '@portal/attendance';
import { ItemList, ItemRow, LoadError, Panel, Text } from '@portal/ui';
import { calendarDay, errorMessage, notify } from '@portal/web-core';
import { useMentorT } from '../i18n';
import { useAbsenceAnswersQuery, useMarkAnswerSeenMutation } from './dashboardApi';

/**
 * Families' answers to the mentees' absences (from the portal or the notice e-mail's link), oldest first, until the
 * mentor marks each seen; shown only while there is one (new ones arrive live with their notification).
 */
export function FamilyAnswers() {
  const { t } = useMentorT();
  const reason = useAbsenceReasonLabel();
  const { data, error, refetch } = useAbsenceAnswersQuery();
  const [markSeen, { isLoading, originalArgs }] = useMarkAnswerSeenMutation();
  if (error) return <LoadError title={t('answers.loadFailed')} onRetry={refetch} />;
  if (!data?.length) return null;
  const row = (a: AbsenceAnswerResponse) => (
    <ItemRow
      title={
        <>
          {a.studentName} {a.reason === 'wrong_mark' && <Tag color="orange">{t('answers.disputed')}</Tag>}
        </>
      }
      description={
        <Flex vertical>
          <span>
            {t('answers.line', {
              day: calendarDay(a.date).format(t('answers.dayFormat')),
              class: a.class,
              section: a.section,
            })}
          </span>
          <Text>
            {t('answers.said', { who: a.answeredBy, reason: reason(a.reason) })}
            {a.note ? ` “${a.note}”` : ''}
          </Text>
        </Flex>
      }
    >
      <Button
        size="small"
        aria-label={t('answers.seenFor', { name: a.studentName })}
        loading={isLoading && originalArgs === a._id}
        onClick={() =>
          markSeen(a._id)
            .unwrap()
            .catch((e: unknown) => notify.error(errorMessage(e, t('answers.seenFailed'))))
        }
      >
        {t('answers.seen')}
      </Button>
    </ItemRow>
  );
  return (
    <Panel title={t('answers.title')} data-testid="family-answers">
      <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('answers.help', { count: data.length })}
      </Text>
      <ItemList items={data} rowKey={(a) => a._id} renderItem={row} />
    </Panel>
  );
}
