import { Checkbox, Flex, List, Table, Tag } from 'antd';
import {
  CONTACT_MODE_LABELS,
  RISK_SIGNAL_LABELS,
  type AttendanceWindow,
  type FollowUpOutcome,
  type MenteeFollowUp,
  type MentoringEntry,
} from '@portal/contracts';
import { EmptyState, Text } from '@portal/ui';
import { errorMessage, notify } from '@portal/web-core';
import { useSetActionItemMutation } from './followupApi';
import { RiskSignalChips } from './RiskSignalChips';

/** Log entries with their action items; `canTick` lets the viewer mark items done (the mentor, or the student). */
export function MentoringEntries({ entries, canTick }: { entries: MentoringEntry[]; canTick: boolean }) {
  const [setItem] = useSetActionItemMutation();
  const tick = async (id: string, done: boolean) => {
    try {
      await setItem({ id, done }).unwrap();
    } catch (e) {
      notify.error(errorMessage(e, 'Could not update the action item'));
    }
  };
  if (!entries.length) return <EmptyState title="No meetings logged yet" />;
  return (
    <List
      dataSource={entries}
      rowKey={(e) => e._id}
      renderItem={(e) => (
        <List.Item>
          <Flex vertical gap={4} style={{ width: '100%' }}>
            <Flex gap={8} wrap align="center">
              <Text strong>{e.date}</Text>
              <Tag>{CONTACT_MODE_LABELS[e.mode]}</Tag>
              {e.private && <Tag color="purple">Private</Tag>}
              {e.author && <Text type="secondary">by {e.author.fullName}</Text>}
            </Flex>
            <span style={{ whiteSpace: 'pre-wrap' }}>{e.summary}</span>
            {e.actionItems.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} aria-label="Action items">
                {e.actionItems.map((a) => (
                  <li key={a._id}>
                    <Checkbox
                      checked={a.done}
                      disabled={!canTick}
                      onChange={(ev) => void tick(a._id, ev.target.checked)}
                    >
                      {a.text}
                      {a.dueDate ? ` (due ${a.dueDate})` : ''}
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

const windowText = (w: AttendanceWindow) =>
  w.percentage === null
    ? `no marked days (${w.schoolDays} school days)`
    : `${w.percentage}% (${w.markedDays} marked of ${w.schoolDays} school days)`;

/** Attendance before and after each follow-up: how many days each side covers is shown with it. */
export function FollowUpOutcomes({ outcomes }: { outcomes: FollowUpOutcome[] }) {
  if (!outcomes.length) return <EmptyState title="No follow-ups yet" />;
  return (
    <Table<FollowUpOutcome>
      size="small"
      rowKey="entryId"
      pagination={false}
      dataSource={outcomes}
      scroll={{ x: true }}
      columns={[
        { title: 'Date', dataIndex: 'date' },
        { title: 'Mode', dataIndex: 'mode', render: (m: FollowUpOutcome['mode']) => CONTACT_MODE_LABELS[m] },
        { title: 'Before', render: (_, o) => windowText(o.before) },
        { title: 'After', render: (_, o) => windowText(o.after) },
      ]}
    />
  );
}

/** The mentor's view of one student: open signals, the log, dismissals and outcomes. */
export function MenteeFollowUpView({ data }: { data: MenteeFollowUp }) {
  return (
    <Flex vertical gap={16}>
      <section aria-label="Risk signals">
        <Text strong>Signals</Text>
        {data.signals.length ? (
          <RiskSignalChips signals={data.signals} />
        ) : (
          <div>
            <Text type="secondary">No open signal.</Text>
          </div>
        )}
      </section>
      <section aria-label="Mentoring log">
        <Text strong>Mentoring log</Text>
        <MentoringEntries entries={data.log} canTick />
      </section>
      <section aria-label="Outcomes">
        <Text strong>Attendance before and after each follow-up</Text>
        <FollowUpOutcomes outcomes={data.outcomes} />
      </section>
      {data.dismissals.length > 0 && (
        <section aria-label="Dismissals">
          <Text strong>Dismissed</Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {data.dismissals.map((d) => (
              <li key={d._id}>
                {d.createdAt.slice(0, 10)}: {d.kinds.map((k) => RISK_SIGNAL_LABELS[k]).join(', ')}. Reason: {d.reason}
                {d.by ? ` (${d.by.fullName})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Flex>
  );
}
