import { Button, Flex, Popover, Tag, Typography } from 'antd';
import type { DailyAttendanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useAdminT } from '../i18n';
import { useConfirmMarkMutation } from '../attendanceApi';

type Dispute = NonNullable<DailyAttendanceResponse['disputedMarks']>[string];

/**
 * A family says this absence is a wrong mark: shown beside the student until the mark is corrected (saved as another
 * status) or confirmed here.
 */
export function DisputedMark({ name, date, dispute }: { name: string; date: string; dispute: Dispute }) {
  const { t } = useAdminT();
  const [confirm, { isLoading }] = useConfirmMarkMutation();
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 280 }}>
      <Typography.Text>
        {t('attendance.disputed.said', { who: dispute.answeredBy })}
        {dispute.note ? ` “${dispute.note}”` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">{t('attendance.disputed.help')}</Typography.Text>
      <Button
        size="small"
        loading={isLoading}
        onClick={() =>
          confirm({ answerId: dispute.answerId, date })
            .unwrap()
            .then(() => notify.success(t('attendance.disputed.confirmed', { name })))
            .catch((e: unknown) => notify.error(errorMessage(e, t('attendance.disputed.failed'))))
        }
      >
        {t('attendance.disputed.confirm')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} title={t('attendance.disputed.title', { name })} trigger="click">
      <Tag
        color="orange"
        role="button"
        tabIndex={0}
        style={{ cursor: 'pointer' }}
        aria-label={t('attendance.disputed.open', { name })}
        data-testid="disputed-tag"
      >
        {t('attendance.disputed.tag')}
      </Tag>
    </Popover>
  );
}
