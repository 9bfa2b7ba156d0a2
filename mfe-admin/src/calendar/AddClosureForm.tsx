import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorMessage, notify, useFormat } from '@portal/web-core';
import { useAddClosuresMutation } from '@portal/attendance';
import { useAdminT } from './i18n';
import { ISO } from './isoFormat';
import { CLOSURE_REASON_MAX } from './parseClosureList';
import { useClosureCheck } from './useClosureCheck';

/** One closure to add: its day and its reason. */
export function AddClosureForm() {
  const { t } = useAdminT();
  const f = useFormat();
  const [add, { isLoading: adding }] = useAddClosuresMutation();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const closing = useClosureCheck();

  const onAdd = async () => {
    if (!date || !reason.trim()) return;
    try {
      if (!(await closing.check([date.format(ISO)]))) return;
      await add({ closures: [{ date: date.format(ISO), reason: reason.trim() }] }).unwrap();
      notify.success(t('calendar.closures.added', { date: f.date(date) }));
      setDate(null);
      setReason('');
    } catch (e) {
      notify.error(errorMessage(e, t('calendar.closures.addFailed')));
    }
  };

  return (
    <Flex vertical gap={8} role="group" aria-labelledby="add-closure-heading">
      <Typography.Text strong id="add-closure-heading">
        {t('calendar.closures.addTitle')}
      </Typography.Text>
      <Flex gap={8} wrap>
        <DatePicker
          value={date}
          onChange={setDate}
          format={f.picker()}
          aria-label={t('calendar.closures.date')}
          placeholder={t('calendar.closures.datePlaceholder')}
          style={{ flex: '1 1 150px' }}
        />
        <Input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={CLOSURE_REASON_MAX}
          placeholder={t('calendar.closures.reasonPlaceholder')}
          aria-label={t('calendar.closures.reason')}
          style={{ flex: '2 1 200px' }}
          onPressEnter={onAdd}
        />
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd} loading={adding} disabled={!date || !reason.trim()}>
          {t('calendar.closures.add')}
        </Button>
      </Flex>
      {closing.dialog}
    </Flex>
  );
}
