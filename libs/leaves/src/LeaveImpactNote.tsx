import { Alert } from 'antd';
import { LEAVE_ELIGIBILITY_PERCENT, type LeaveImpact } from '@portal/contracts';

export const schoolDaysText = (n: number) => `${n} school day${n === 1 ? '' : 's'}`;

/**
 * What a leave does to attendance and to leave eligibility, before it is requested (the mentee) or decided (the
 * mentor, an admin). Said in words, not only by the alert's colour.
 */
export function LeaveImpactNote({ impact, subject }: { impact: LeaveImpact; subject: 'you' | 'student' }) {
  const whose = subject === 'you' ? 'Your attendance' : "The student's attendance";
  const eligibility = !impact.eligibleBefore
    ? `Attendance is already below ${LEAVE_ELIGIBILITY_PERCENT}%: leave eligibility is not met either way.`
    : impact.eligibleAfter
      ? `Leave eligibility (${LEAVE_ELIGIBILITY_PERCENT}% or more) is kept.`
      : `Leave eligibility would be lost: attendance falls below ${LEAVE_ELIGIBILITY_PERCENT}%.`;
  return (
    <Alert
      type={impact.eligibleBefore && !impact.eligibleAfter ? 'warning' : 'info'}
      showIcon
      data-testid="leave-impact"
      title={`${whose}: ${impact.before}% now, ${impact.after}% with this leave`}
      description={
        <>
          {schoolDaysText(impact.schoolDays)} of leave. {eligibility}
          {impact.excludingLeaveAfter !== impact.excludingLeaveBefore && (
            <>
              {' '}
              Excluding approved leave: {impact.excludingLeaveBefore}% now, {impact.excludingLeaveAfter}% with this
              leave.
            </>
          )}
        </>
      }
    />
  );
}
