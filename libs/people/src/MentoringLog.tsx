import { Checkbox, Flex, List, Table, Tag } from 'antd';
import {
  type AttendanceWindow,
  type FollowUpOutcome,
  type MenteeFollowUp,
  type MentoringEntry,
} from '@portal/contracts';
import { EmptyState, Text } from '@portal/ui';
import { errorMessage, formats, notify, useFormat } from '@portal/web-core';
import { useSetActionItemMutation } from './followupApi';
import { usePeopleT } from './i18n';
import { RiskSignalChips } from './RiskSignalChips';

/** Log entries with their action items; `canTick` lets the viewer mark items done (the mentor, or the student). */
export function MentoringEntries({ entries, canTick }: { entries: MentoringEntry[]; canTick: boolean }) {
  const { t } = usePeopleT();
  const f = useFormat();
  const [setItem] = useSetActionItemMutation();
  const tick = async (id: string, done: boolean, menteeId: string) => {
    try {
      await setItem({ id, done, menteeId }).unwrap();
    } catch (e) {
      notify.error(errorMessage(e, t('entries.updateFailed')));
    }
  };
  if (!entries.length) return <EmptyState title={t('entries.empty')} />;
  return (
    <List
      dataSource={entries}
      rowKey={(e) => e._id}
      renderItem={(e) => (
        <List.Item>
          <Flex vertical gap={4} style={{ width: '100%' }}>
            <Flex gap={8} wrap align="center">
              <Text strong>{f.date(e.date)}</Text>
              <Tag>{t(`contactMode.${e.mode}`)}</Tag>
              {e.private && <Tag color="purple">{t('entries.private')}</Tag>}
              {e.author && <Text type="secondary">{t('entries.by', { name: e.author.fullName })}</Text>}
            </Flex>
            <span style={{ whiteSpace: 'pre-wrap' }}>{e.summary}</span>
            {e.actionItems.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} aria-label={t('entries.actionItems')}>
                {e.actionItems.map((a) => (
                  <li key={a._id}>
                    <Checkbox
                      checked={a.done}
                      disabled={!canTick}
                      onChange={(ev) => void tick(a._id, ev.target.checked, e.menteeId)}
                    >
                      {a.text}
                      {a.dueDate ? t('entries.due', { date: f.date(a.dueDate) }) : ''}
                    </Checkbox>
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}

const windowText = (t: ReturnType<typeof usePeopleT>['t'], w: AttendanceWindow) =>
  w.percentage === null
    ? t('outcomes.noMarkedDays', { schoolDays: formats.number(w.schoolDays) })
    : t('outcomes.window', {
        percentage: formats.percent(w.percentage),
        markedDays: formats.number(w.markedDays),
        schoolDays: formats.number(w.schoolDays),
      });

/** Attendance before and after each follow-up: how many days each side covers is shown with it. */
export function FollowUpOutcomes({ outcomes }: { outcomes: FollowUpOutcome[] }) {
  const { t } = usePeopleT();
  useFormat();
  if (!outcomes.length) return <EmptyState title={t('outcomes.empty')} />;
  return (
    <Table<FollowUpOutcome>
      size="small"
      rowKey="entryId"
      pagination={false}
      dataSource={outcomes}
      scroll={{ x: true }}
      columns={[
        { title: t('outcomes.date'), dataIndex: 'date' },
        { title: t('outcomes.mode'), dataIndex: 'mode', render: (m: FollowUpOutcome['mode']) => t(`contactMode.${m}`) },
        { title: t('outcomes.before'), render: (_, o) => windowText(t, o.before) },
        { title: t('outcomes.after'), render: (_, o) => windowText(t, o.after) },
      ]}
    />
  );
}

/** The mentor's view of one student: open signals, the log, dismissals and outcomes. */
export function MenteeFollowUpView({ data }: { data: MenteeFollowUp }) {
  const { t } = usePeopleT();
  return (
    <Flex vertical gap={16}>
      <section aria-label={t('view.riskSignals')}>
        <Text strong>{t('view.signals')}</Text>
        {data.signals.length ? (
          <RiskSignalChips signals={data.signals} />
        ) : (
          <div>
            <Text type="secondary">{t('view.noSignal')}</Text>
          </div>
        )}
      </section>
      <section aria-label={t('view.mentoringLog')}>
        <Text strong>{t('view.mentoringLog')}</Text>
        <MentoringEntries entries={data.log} canTick />
      </section>
      <section aria-label={t('view.outcomes')}>
        <Text strong>{t('view.outcomesTitle')}</Text>
        <FollowUpOutcomes outcomes={data.outcomes} />
      </section>
      {data.dismissals.length > 0 && (
        <section aria-label={t('view.dismissals')}>
          <Text strong>{t('view.dismissed')}</Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {data.dismissals.map((d) => (
              <li key={d._id}>
                {t('view.dismissal', {
                  date: formats.date(d.createdAt),
                  kinds: d.kinds.map((k) => t(`signal.${k}`)).join(', '),
                  reason: d.reason,
                })}
                {d.by ? ` (${d.by.fullName})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Flex>
  );
}
