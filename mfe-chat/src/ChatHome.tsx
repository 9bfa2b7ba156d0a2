import { MessageOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { EmptyState, PageHeader, useSession } from '@portal/kit';

/** Chat layout; conversations and live messages arrive with the chat release. */
export function ChatHome() {
  const { user } = useSession();
  const mentee = user?.role === 'mentee';
  return (
    <>
      <PageHeader title="Chat" subtitle={mentee ? 'Browse your recent conversations' : 'Talk with your mentees and groups'} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card title="Conversations" style={{ minHeight: 420 }}>
            <EmptyState title="No conversations yet" description="Real-time chat is coming in a later release." />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card style={{ minHeight: 420 }}>
            <Flex vertical align="center" justify="center" gap={8} style={{ minHeight: 360 }}>
              <MessageOutlined style={{ fontSize: 40, opacity: 0.5 }} />
              <Typography.Title level={4} style={{ margin: 0 }}>{mentee ? 'Welcome to Chat!' : 'Select a conversation'}</Typography.Title>
            </Flex>
          </Card>
        </Col>
      </Row>
    </>
  );
}
