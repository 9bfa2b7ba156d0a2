import { Empty, Flex } from 'antd';
import type { ReactNode } from 'react';
import { Text } from './Text';

export function EmptyState({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={2}>
          <Text strong>{title}</Text>
          {description && <Text type="secondary">{description}</Text>}
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}
