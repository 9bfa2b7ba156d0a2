import { Alert } from 'antd';
import { LEAVE_ELIGIBILITY_PERCENT, type LeaveImpact } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useLeavesT } from './i18n';

/**
 * What a leave does to attendance and to leave eligibility, before it is requested (the mentee) or decided (the
 * mentor, an admin). Said in words, not only by the alert's colour.
 */
export function LeaveImpactNote({ impact, subject }: { impact: LeaveImpact; subject: 'you' | 'student' }) {
  const { t } = useLeavesT();
  const f = useFormat();
  const whose = subject === 'you' ? t('impact.yours') : t('impact.students');
  const percent = f.percent(LEAVE_ELIGIBILITY_PERCENT);
  const eligibility = !impact.eligibleBefore
    ? t('impact.belowAlready', { percent })
    : impact.eligibleAfter
      ? t('impact.kept', { percent })
      : t('impact.lost', { percent });
  return (
    <Alert
      type={impact.eligibleBefore && !impact.eligibleAfter ? 'warning' : 'info'}
      showIcon
      data-testid="leave-impact"
      title={t('impact.title', { whose, before: f.percent(impact.before), after: f.percent(impact.after) })}
      description={
        <>
          {t('impact.ofLeave', { days: t('schoolDays', { count: impact.schoolDays }) })} {eligibility}
          {impact.excludingLeaveAfter !== impact.excludingLeaveBefore &&
            ` ${t('impact.excluding', {
              before: f.percent(impact.excludingLeaveBefore),
              after: f.percent(impact.excludingLeaveAfter),
            })}`}
        </>
      }
    />
  );
}
