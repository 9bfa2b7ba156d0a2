import { Flex, Select, Tabs, Typography } from 'antd';
import { useScreens } from '@portal/web-core';
import { useId } from 'react';

/**
 * A list's status filter: tabs where they fit, a labelled select on a phone. At phone width antd's Tabs put their
 * overflow button inside the tablist, which may hold only tabs (axe: aria-required-children, critical).
 */
export function StatusTabs<K extends string>({
  label,
  value,
  onChange,
  items,
}: {
  /** What the filter chooses ("Status"): the select's visible label on a phone. */
  label: string;
  value: K;
  onChange: (key: K) => void;
  items: { key: K; label: string }[];
}) {
  const phone = useScreens().xs === true;
  const id = useId();
  if (!phone) return <Tabs activeKey={value} onChange={(k) => onChange(k as K)} items={items} />;
  return (
    <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
      <Typography.Text id={id}>{label}</Typography.Text>
      <Select<K>
        aria-labelledby={id}
        value={value}
        onChange={onChange}
        options={items.map((i) => ({ value: i.key, label: i.label }))}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Flex>
  );
}
