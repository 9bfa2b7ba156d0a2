import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

/** Change against the previous period of the same length: green up, red down, grey when flat or nothing to compare. */
export function Change({ value, compare, unit = '%' }: { value: number | null; compare: string; unit?: string }) {
  const { t } = useAdminT();
  const f = useFormat();
  const style = { fontSize: 'inherit' };
  if (value === null)
    return (
      <Typography.Text type="secondary" style={style} title={t('analytics.nothingToCompare')}>
        — {compare}
      </Typography.Text>
    );
  if (value === 0)
    return (
      <Typography.Text type="secondary" style={style}>
        0{unit} {compare}
      </Typography.Text>
    );
  const up = value > 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} style={style}>
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {up ? '+' : ''}
      {f.number(value)}
      {unit} {compare}
    </Typography.Text>
  );
}
