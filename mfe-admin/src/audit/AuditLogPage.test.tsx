import { fireEvent, screen } from '@testing-library/react';
import type { ListAuditResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AuditLogPage } from './AuditLogPage';

const empty: ListAuditResponse = { items: [], total: 0, page: 1, totalPages: 1 };

describe('AuditLogPage', () => {
  it('says the log is empty when no filter is set, and that nothing matches once one is', async () => {
    mockApi({ 'GET /admin/audit': empty });
    renderWithPortal(<AuditLogPage />);
    // In secondary text, not antd's disabled grey (below 4.5:1).
    expect(await screen.findByText('No audit entries yet')).toHaveClass('ant-typography-secondary');
    expect(screen.queryByText('No entries match these filters')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search audit log'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No entries match these filters', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('names the new actions: leave and grievance decisions, chat deletions', async () => {
    mockApi({
      'GET /admin/audit': {
        ...empty,
        total: 2,
        items: [
          {
            _id: 'a1',
            actor: { _id: 'u1', email: 'admin@example.edu' },
            action: 'leave.approve',
            targetType: 'leave',
            targetId: 'l1',
            targetLabel: 'Asha Singh: 2026-03-02 to 2026-03-03',
            changes: { status: { from: 'pending', to: 'approved' } },
            createdAt: '2026-03-01T10:00:00Z',
          },
          {
            _id: 'a2',
            actor: { _id: 'u2', email: 'mentor@example.edu' },
            action: 'conversation.delete',
            targetType: 'chat',
            targetId: 'u3',
            targetLabel: 'Chat with Asha Singh',
            changes: { messages: { from: 4, to: 0 } },
            createdAt: '2026-03-01T09:00:00Z',
          },
        ],
      },
    });
    renderWithPortal(<AuditLogPage />);
    expect(await screen.findByText('Leave approved')).toBeInTheDocument();
    expect(screen.getByText('Chat deleted')).toBeInTheDocument();
    expect(screen.getByText('Chat with Asha Singh')).toBeInTheDocument();
  });
});
