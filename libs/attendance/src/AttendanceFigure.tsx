import { Text } from '@portal/ui';
import { useExcludingLeaveText } from './labels';

/**
 * The second attendance figure beside the headline wherever a student's percentage is shown: inline ("· N% excluding
 * approved leave") or as a small line of its own under a bar or a card. Nothing at all without leave days.
 */
export function AttendanceFigure({
  attendance,
  line = false,
}: {
  attendance: { percentageExcludingLeave: number | null } | null | undefined;
  /** On a line of its own instead of after the headline. */
  line?: boolean;
}) {
  const text = useExcludingLeaveText()(attendance?.percentageExcludingLeave);
  if (!text) return null;
  return (
    // @portal/ui's Text, not antd's Typography: this shows on the dashboards, where Typography's editor would come too.
    <Text
      type="secondary"
      data-testid="attendance-excluding-leave"
      style={line ? { fontSize: 12, display: 'block' } : { fontSize: 12 }}
    >
      {line ? text : ` · ${text}`}
    </Text>
  );
}
