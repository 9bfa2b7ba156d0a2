import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useMemo, useState, type ChangeEvent } from 'react';
import { errorMessage, notify, Trans } from '@portal/web-core';
import { useAddClosuresMutation } from '@portal/attendance';
import { useAdminT } from './i18n';
import { parseClosureList, type ClosureLineError } from './parseClosureList';
import { useClosureCheck } from './useClosureCheck';

/** Closures pasted or read from a CSV file, one "YYYY-MM-DD,reason" a line, checked before any is sent. */
export function ImportClosures() {
  const [text, setText] = useState('');
  const [add, { isLoading }] = useAddClosuresMutation();
  const closing = useClosureCheck();
  const { t } = useAdminT();
  const problem = ({ problem: p }: ClosureLineError): string =>
    p.kind === 'unreadable'
      ? t('calendar.import.errors.unreadable')
      : p.kind === 'notDate'
        ? t('calendar.import.errors.notDate', { date: p.date })
        : p.kind === 'noReason'
          ? t('calendar.import.errors.noReason')
          : p.kind === 'tooLong'
            ? t('calendar.import.errors.tooLong', { max: p.max })
            : t('calendar.import.errors.tooMany', { max: p.max });
  const parsed = useMemo(() => (text.trim() ? parseClosureList(text) : null), [text]);
  const errors: ClosureLineError[] = parsed?.errors ?? [];

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) setText(await file.text());
  };
  const onImport = async () => {
    if (!parsed || errors.length || !parsed.closures.length) return;
    try {
      if (!(await closing.check(parsed.closures.map((c) => c.date)))) return;
      await add({ closures: parsed.closures }).unwrap();
      notify.success(t('calendar.import.imported', { count: parsed.closures.length }));
      setText('');
    } catch (err) {
      notify.error(errorMessage(err, t('calendar.import.failed')));
    }
  };

  return (
    <Flex vertical gap={8} role="group" aria-labelledby="import-closures-heading">
      <Typography.Text strong id="import-closures-heading">
        {t('calendar.import.title')}
      </Typography.Text>
      <Typography.Text type="secondary" id="import-closures-help">
        <Trans t={t} i18nKey="calendar.import.help" components={{ code: <code /> }} />
      </Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        aria-label={t('calendar.import.label')}
        aria-describedby="import-closures-help"
        placeholder={t('calendar.import.placeholder')}
      />
      <Flex gap={8} wrap align="center">
        <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
          <ImportOutlined aria-hidden /> {t('calendar.import.choose')}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={onFile}
            aria-label={t('calendar.import.chooseLabel')}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </label>
        <Button
          type="primary"
          onClick={onImport}
          loading={isLoading}
          disabled={!parsed || !!errors.length || !parsed.closures.length}
        >
          {parsed && !errors.length && parsed.closures.length
            ? t('calendar.import.importCount', { count: parsed.closures.length })
            : t('calendar.import.import')}
        </Button>
      </Flex>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('calendar.import.toFix', { count: errors.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="import-errors">
              {errors.map((e) => (
                <li key={`${e.line}-${e.problem.kind}`} style={{ overflowWrap: 'anywhere' }}>
                  {e.line ? t('calendar.import.line', { line: e.line }) : ''}
                  {problem(e)}
                  {e.text ? ` (${e.text})` : ''}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {closing.dialog}
    </Flex>
  );
}
