import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Grid, Segmented, Table, Tag, theme, Typography } from 'antd';
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
import { errorCode, errorMessage, notify, useDownloadFile } from '@portal/web-core';
import { useDryRunImportMutation, useRunImportMutation } from '../adminApi';

const KIND_LABEL: Record<ImportKind, string> = { mentees: 'Students', mentors: 'Mentors' };
/** Each action says itself in words; the colour only repeats it. */
const ACTION: Record<ImportAction, { label: string; color: string }> = {
  create: { label: 'New account', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  unchanged: { label: 'No change', color: 'default' },
  error: { label: 'Error', color: 'red' },
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ActionTag({ action }: { action: ImportAction }) {
  return (
    <Tag color={ACTION[action].color} style={{ marginInlineEnd: 0 }}>
      {ACTION[action].label}
    </Tag>
  );
}

/** What a row changes, or what is wrong with it. */
function RowDetail({ r }: { r: ImportRowResult }) {
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
  if (!changes.length)
    return <Typography.Text type="secondary">{r.action === 'create' ? 'Created' : '—'}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {changes.map(([column, c]) => (
        <li key={column} style={{ overflowWrap: 'anywhere' }}>
          <strong>{column}</strong>: {c.from || '(empty)'} → {c.to || '(empty)'}
        </li>
      ))}
    </ul>
  );
}

function Account({ r }: { r: ImportRowResult }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {r.fullName || '—'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {r.email || '(no e-mail)'}
      </Typography.Text>
    </Flex>
  );
}

/** The dry run's rows: a table on wide screens, a list of cards on a phone. */
function DryRunRows({ rows, phone }: { rows: ImportRowResult[]; phone: boolean }) {
  if (phone)
    return (
      <ul aria-label="Rows of the file" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((r) => (
          <li key={r.row} style={{ marginBottom: 8 }}>
            <Card size="small">
              <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary">Row {r.row}</Typography.Text>
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
        { title: 'Row', dataIndex: 'row', width: 64 },
        { title: 'Action', dataIndex: 'action', width: 130, render: (a: ImportAction) => <ActionTag action={a} /> },
        { title: 'Account', key: 'account', render: (_, r) => <Account r={r} /> },
        { title: 'Changes or errors', key: 'detail', render: (_, r) => <RowDetail r={r} /> },
      ]}
    />
  );
}

/** /admin/import: onboard students or mentors from a spreadsheet — template, dry run, then the import. */
export function ImportPage() {
  const phone = Grid.useBreakpoint().md === false;
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
      notify.error(errorMessage(e, 'Could not check the file. Please try again.'));
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
      notify.error('The file is larger than 1 MB: split it into several files.');
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
      notify.success(`Imported ${plural(res.counts.create + res.counts.update, 'account')}`);
    } catch (e) {
      notify.error(errorMessage(e, 'The import failed; nothing was changed. Please try again.'));
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
          Import Accounts
        </Title>
        <Typography.Text type="secondary">
          Onboard students or mentors from a spreadsheet: check the file first, then import it in one go
        </Typography.Text>
      </div>
      <Flex vertical gap={16}>
        <Card size="small" title="1. What to import">
          <Flex vertical gap={12}>
            <Segmented<ImportKind>
              value={kind}
              onChange={onKind}
              aria-label="Accounts to import"
              options={(Object.keys(KIND_LABEL) as ImportKind[]).map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            />
            <Typography.Text type="secondary" id="import-columns-help">
              A CSV file (UTF-8, as Excel or Google Sheets saves it) whose first row names the columns. Required for a
              new account:{' '}
              {columns
                .filter((c) => c.required)
                .map((c) => c.name)
                .join(', ')}
              . Optional:{' '}
              {columns
                .filter((c) => !c.required)
                .map((c) => c.name)
                .join(', ')}
              .{kind === 'mentees' && ' Import mentors first: a student names their mentor by employee ID.'} An existing
              account (same e-mail or ID) is updated; its empty cells leave the field as it is. New accounts are
              e-mailed a link to choose their password.
            </Typography.Text>
            <div>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(`/admin/imports/${kind}/template`, {}, `${kind}-template.csv`).catch((e) =>
                    notify.error(errorMessage(e, 'Could not download the template. Please try again.')),
                  )
                }
              >
                Download {KIND_LABEL[kind].toLowerCase()} template
              </Button>
            </div>
          </Flex>
        </Card>

        <Card size="small" title="2. Check the file">
          <Flex vertical gap={12}>
            <Flex gap={8} wrap align="center">
              <Button
                icon={<UploadOutlined />}
                onClick={() => fileInput.current?.click()}
                aria-describedby="import-columns-help"
              >
                Choose .csv file
              </Button>
              {/* Opened by the button above (a file input cannot be styled as one). */}
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".csv,text/csv,text/plain"
                onChange={(e) => void onFile(e)}
                aria-label={`Choose a .csv file of ${KIND_LABEL[kind].toLowerCase()}`}
              />
              {file && (
                <Typography.Text style={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
                  {file.name}
                </Typography.Text>
              )}
            </Flex>
            {dry.isLoading && <Typography.Text role="status">Checking the file…</Typography.Text>}
            {result && counts && (
              <Flex vertical gap={12} role="region" aria-label="Dry run result">
                <Flex gap={8} wrap aria-live="polite" data-testid="import-counts">
                  <Tag color="green">{plural(counts.create, 'new account')}</Tag>
                  <Tag color="blue">{plural(counts.update, 'update')}</Tag>
                  <Tag>{plural(counts.unchanged, 'unchanged row')}</Tag>
                  <Tag color={counts.error ? 'red' : 'default'}>
                    {plural(counts.error, 'row with errors', 'rows with errors')}
                  </Tag>
                </Flex>
                {result.errors.length > 0 && (
                  <Alert
                    type="error"
                    showIcon
                    title={`${plural(result.errors.length, 'error')} to fix in the file before importing`}
                    description={
                      fileErrors.length ? (
                        <ul style={{ margin: 0, paddingLeft: 18 }}>
                          {fileErrors.map((e) => (
                            <li key={`${e.row}-${e.column}-${e.message}`} style={{ overflowWrap: 'anywhere' }}>
                              Row {e.row}
                              {e.column ? `, ${e.column}` : ''}: {e.message}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        'Each row with errors is listed below with the column to fix.'
                      )
                    }
                  />
                )}
                {result.rows.length > 0 && <DryRunRows rows={result.rows} phone={phone} />}
              </Flex>
            )}
          </Flex>
        </Card>

        <Card size="small" title="3. Import">
          <Flex vertical gap={12} align="start">
            <Button type="primary" disabled={blocked} loading={run.isLoading} onClick={() => void onImport()}>
              {toWrite ? `Import ${plural(toWrite, 'account')}` : 'Import'}
            </Button>
            {result && result.errors.length > 0 && (
              <Typography.Text type="secondary">Fix the errors and choose the file again.</Typography.Text>
            )}
            {done && (
              <Alert
                type="success"
                showIcon
                data-testid="import-summary"
                title={`${KIND_LABEL[done.kind]} imported`}
                description={`${plural(done.counts.create, 'account')} created, ${plural(done.counts.update, 'account')} updated, ${plural(done.counts.unchanged, 'row')} unchanged; ${plural(done.welcomeEmails, 'welcome e-mail')} with a link to choose a password queued.`}
              />
            )}
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
