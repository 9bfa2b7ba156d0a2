import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Text, Title } from './Text';

export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
      <div>
        {/* The page's one level-one heading, drawn at the size of a section title. */}
        <Title level={1} size={3} style={{ margin: 0 }}>
          {title}
        </Title>
        {subtitle && <Text type="secondary">{subtitle}</Text>}
      </div>
      {extra}
    </Flex>
  );
}
