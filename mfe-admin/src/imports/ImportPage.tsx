import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Segmented, Table, Tag, theme, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  type ImportAction,
  type ImportError,
  type ImportKind,
  type ImportResponse,
  type ImportRowResult,
} from '@portal/contracts';
import { Title } from '@portal/ui';
import { errorCode, errorMessage, notify, useDownloadFile, useScreens } from '@portal/web-core';
import { useDryRunImportMutation, useRunImportMutation } from '../adminApi';
import { useAdminT } from './i18n';

const KINDS: ImportKind[] = ['mentees', 'mentors'];
/** Each action says itself in words (`imports.actions.<action>`); the colour only repeats it. */
const ACTION_COLOR: Record<ImportAction, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'default',
  error: 'red',
};

function ActionTag({ action }: { action: ImportAction }) {
  const { t } = useAdminT();
  return (
    <Tag color={ACTION_COLOR[action]} style={{ marginInlineEnd: 0 }}>
      {t(`imports.actions.${action}`)}
    </Tag>
  );
}

/** What a row changes, or what is wrong with it. */
function RowDetail({ r }: { r: ImportRowResult }) {
  const { t } = useAdminT();
  if (r.errors.length)
    return (
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {r.errors.map((e) => (
          <li key={`${e.column}-${e.message}`} style={{ overflowWrap: 'anywhere' }}>
            {e.column && <strong>{e.column}: </strong>}
            {e.message}
          </li>
        ))}
      </ul>
    );
  const changes = Object.entries(r.changes);
  // The guardians the row links to the student (each invited by e-mail until they choose a password).
  const guardians = r.guardians.length > 0 && (
    <Typography.Text style={{ display: 'block', overflowWrap: 'anywhere' }}>
      {t('imports.guardiansLinked', { emails: r.guardians.join(', ') })}
    </Typography.Text>
  );
  if (!changes.length)
    return (
      <>
        <Typography.Text type="secondary">{r.action === 'create' ? t('imports.created') : '—'}</Typography.Text>
        {guardians}
      </>
    );
  return (
    <>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {changes.map(([column, c]) => (
          <li key={column} style={{ overflowWrap: 'anywhere' }}>
            <strong>{column}</strong>: {c.from || t('imports.empty')} → {c.to || t('imports.empty')}
          </li>
        ))}
      </ul>
      {guardians}
    </>
  );
}

function Account({ r }: { r: ImportRowResult }) {
  const { t } = useAdminT();
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {r.fullName || '—'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {r.email || t('imports.noEmail')}
      </Typography.Text>
    </Flex>
  );
}

/** The dry run's rows: a table on wide screens, a list of cards on a phone. */
function DryRunRows({ rows, phone }: { rows: ImportRowResult[]; phone: boolean }) {
  const { t } = useAdminT();
  if (phone)
    return (
      <ul aria-label={t('imports.rowsLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((r) => (
          <li key={r.row} style={{ marginBottom: 8 }}>
            <Card size="small">
              <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary">{t('imports.row', { row: r.row })}</Typography.Text>
                <ActionTag action={r.action} />
              </Flex>
              <Account r={r} />
              <div style={{ marginTop: 4 }}>
                <RowDetail r={r} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  return (
    <Table<ImportRowResult>
      rowKey="row"
      size="small"
      tableLayout="fixed"
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      columns={[
        { title: t('imports.columns.row'), dataIndex: 'row', width: 64 },
        {
          title: t('imports.columns.action'),
          dataIndex: 'action',
          width: 130,
          render: (a: ImportAction) => <ActionTag action={a} />,
        },
        { title: t('imports.columns.account'), key: 'account', render: (_, r) => <Account r={r} /> },
        { title: t('imports.columns.detail'), key: 'detail', render: (_, r) => <RowDetail r={r} /> },
      ]}
    />
  );
}

/** /admin/import: onboard students or mentors from a spreadsheet — template, dry run, then the import. */
export function ImportPage() {
  const { t } = useAdminT();
  const phone = useScreens().md === false;
  const { token } = theme.useToken();
  const [kind, setKind] = useState<ImportKind>('mentees');
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<ImportResponse | null>(null);
  const [done, setDone] = useState<ImportResponse | null>(null);
  const [dryRun, dry] = useDryRunImportMutation();
  const [runImport, run] = useRunImportMutation();
  const download = useDownloadFile();
  const fileInput = useRef<HTMLInputElement>(null);

  const check = async (k: ImportKind, f: { name: string; csv: string }) => {
    setResult(null);
    try {
      setResult(await dryRun({ kind: k, csv: f.csv }).unwrap());
    } catch (e) {
      notify.error(errorMessage(e, t('imports.checkFailed')));
    }
  };

  const onKind = (k: ImportKind) => {
    setKind(k);
    setDone(null);
    if (file) void check(k, file);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    setDone(null);
    if (picked.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setResult(null);
      notify.error(t('imports.tooLarge'));
      return;
    }
    const f = { name: picked.name, csv: await picked.text() };
    setFile(f);
    await check(kind, f);
  };

  const onImport = async () => {
    if (!file) return;
    try {
      const res = await runImport({ kind, csv: file.csv }).unwrap();
      setDone(res);
      setResult(null);
      setFile(null);
      notify.success(t('imports.importedAccounts', { count: res.counts.create + res.counts.update }));
    } catch (e) {
      notify.error(errorMessage(e, t('imports.importFailed')));
      // The accounts may have changed since the dry run: show what the file would do now.
      if (errorCode(e) === 'IMPORT_INVALID') void check(kind, file);
    }
  };

  const counts = result?.counts;
  const toWrite = counts ? counts.create + counts.update : 0;
  const fileErrors: ImportError[] = result
    ? result.errors.filter((e) => !result.rows.some((r) => r.row === e.row))
    : [];
  const blocked = !result || result.errors.length > 0 || toWrite === 0;
  const columns = IMPORT_COLUMNS[kind];

  return (
    <>
      <div style={{ marginBottom: 20 }}>
        <Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
          {t('imports.title')}
        </Title>
        <Typography.Text type="secondary">{t('imports.subtitle')}</Typography.Text>
      </div>
      <Flex vertical gap={16}>
        <Card size="small" title={t('imports.step1')}>
          <Flex vertical gap={12}>
            <Segmented<ImportKind>
              value={kind}
              onChange={onKind}
              aria-label={t('imports.kindLabel')}
              options={KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
            />
            <Typography.Text type="secondary" id="import-columns-help">
              {t('imports.help', {
                required: columns
                  .filter((c) => c.required)
                  .map((c) => c.name)
                  .join(', '),
                optional: columns
                  .filter((c) => !c.required)
                  .map((c) => c.name)
                  .join(', '),
              })}
              {kind === 'mentees' && ` ${t('imports.helpMentorsFirst')}`} {t('imports.helpExisting')}
            </Typography.Text>
            {/* What each column holds: the contract's notes are English (the template's); the page says them in the
                reader's language, keyed by column name. */}
            <ul
              aria-label={t('imports.columnsLabel')}
              data-testid="import-column-notes"
              style={{ margin: 0, paddingLeft: 18, columns: phone ? 1 : 2, columnGap: 24 }}
            >
              {columns.map((c) => (
                <li key={c.name} style={{ breakInside: 'avoid', overflowWrap: 'anywhere' }}>
                  <Typography.Text code>{c.name}</Typography.Text>
                  {c.required && <Typography.Text type="secondary"> ({t('imports.required')})</Typography.Text>}:{' '}
                  {t(`imports.notes.${kind}.${c.name}`)}
                </li>
              ))}
            </ul>
            <div>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                onClick={() =>
                  void download(`/admin/imports/${kind}/template`, {}, `${kind}-template.csv`).catch((e) =>
                    notify.error(errorMessage(e, t('imports.downloadFailed'))),
                  )
                }
              >
                {t(`imports.download.${kind}`)}
              </Button>
            </div>
          </Flex>
        </Card>

        <Card size="small" title={t('imports.step2')}>
          <Flex vertical gap={12}>
            <Flex gap={8} wrap align="center">
              <Button
                icon={<UploadOutlined aria-hidden />}
                onClick={() => fileInput.current?.click()}
                aria-describedby="import-columns-help"
              >
                {t('imports.choose')}
              </Button>
              {/* Opened by the button above (a file input cannot be styled as one). */}
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".csv,text/csv,text/plain"
                onChange={(e) => void onFile(e)}
                aria-label={t(`imports.chooseLabel.${kind}`)}
              />
              {file && (
                <Typography.Text style={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
                  {file.name}
                </Typography.Text>
              )}
            </Flex>
            {dry.isLoading && <Typography.Text role="status">{t('imports.checking')}</Typography.Text>}
            {result && counts && (
              <Flex vertical gap={12} role="region" aria-label={t('imports.dryRun')}>
                <Flex gap={8} wrap aria-live="polite" data-testid="import-counts">
                  <Tag color="green">{t('imports.newAccounts', { count: counts.create })}</Tag>
                  <Tag color="blue">{t('imports.updates', { count: counts.update })}</Tag>
                  <Tag>{t('imports.unchangedRows', { count: counts.unchanged })}</Tag>
                  <Tag color={counts.error ? 'red' : 'default'}>{t('imports.errorRows', { count: counts.error })}</Tag>
                </Flex>
                {result.errors.length > 0 && (
                  <Alert
                    type="error"
                    showIcon
                    title={t('imports.errorsToFix', { count: result.errors.length })}
                    description={
                      fileErrors.length ? (
                        <ul style={{ margin: 0, paddingLeft: 18 }}>
                          {fileErrors.map((e) => (
                            <li key={`${e.row}-${e.column}-${e.message}`} style={{ overflowWrap: 'anywhere' }}>
                              {e.column
                                ? t('imports.rowColumnError', { row: e.row, column: e.column, message: e.message })
                                : t('imports.rowError', { row: e.row, message: e.message })}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        t('imports.eachRowListed')
                      )
                    }
                  />
                )}
                {result.rows.length > 0 && <DryRunRows rows={result.rows} phone={phone} />}
              </Flex>
            )}
          </Flex>
        </Card>

        <Card size="small" title={t('imports.step3')}>
          <Flex vertical gap={12} align="start">
            <Button type="primary" disabled={blocked} loading={run.isLoading} onClick={() => void onImport()}>
              {toWrite ? t('imports.importAccounts', { count: toWrite }) : t('imports.import')}
            </Button>
            {result && result.errors.length > 0 && (
              <Typography.Text type="secondary">{t('imports.fixErrors')}</Typography.Text>
            )}
            {done && (
              <Alert
                type="success"
                showIcon
                data-testid="import-summary"
                title={t(`imports.imported.${done.kind}`)}
                description={[
                  t('imports.summary', {
                    created: t('imports.accounts', { count: done.counts.create }),
                    updated: t('imports.accounts', { count: done.counts.update }),
                    unchanged: t('imports.rows', { count: done.counts.unchanged }),
                    emails: t('imports.welcomeEmails', { count: done.welcomeEmails }),
                  }),
                  ...(done.guardianInvitations
                    ? [t('imports.guardianLinks', { count: done.guardianInvitations })]
                    : []),
                ].join(' ')}
              />
            )}
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
