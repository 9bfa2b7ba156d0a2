import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { calendarDay, useSchoolToday } from '@portal/web-core';
import { useMenteeT } from '../i18n';
import { PageHeader } from '@portal/ui';
import { LeavesBoard, RequestLeaveDialog } from '@portal/leaves';

export function LeavesPage() {
  const { t } = useMenteeT();
  const today = useSchoolToday();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('leaves.title')}
        subtitle={t('leaves.today', { date: calendarDay(today).format(t('leaves.format.today')) })}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('leaves.request')}
          </Button>
        }
      />
      <LeavesBoard role="mentee" />
      <RequestLeaveDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
