import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import type { AnyProfile } from '@portal/contracts';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, i18n, ThemeProvider } from '@portal/web-core';
import { mockApi } from '../testing/renderWithPortal';
import './i18n';
import { ProfileFields } from './ProfileFields';
import { AddUserDialog, createUserError, EditUserDialog } from './UserFormDialogs';
import { removedSummary } from './UsersPage';

// The admin catalogue's English, as a component's t() reads it.
const t = i18n.getFixedT('en', 'admin');

const wrap = (ui: React.ReactElement) =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('Add New User dialog', () => {
  it("asks for role, e-mail and password, and shows the role's own fields", async () => {
    const calls = mockApi({});
    wrap(<AddUserDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Role is required')).toBeInTheDocument();
    // Both missing: one message, under the e-mail; the password field is marked without repeating it.
    expect(await within(dialog).findByText('Email and password are required')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Email and password are required')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.edu' } });
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).queryByText('Email and password are required')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '123' } });
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '        ' } });
    expect(await within(dialog).findByText('Password cannot be blank or only spaces')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Class')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the mentee fields for a mentee and the mentor fields for a mentor', async () => {
    mockApi({});
    wrap(<AddUserDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const pick = async (label: string) => {
      fireEvent.mouseDown(within(dialog).getByLabelText('Role'));
      fireEvent.click(await screen.findByTitle(label));
    };
    await pick('Mentee (student)');
    expect(await within(dialog).findByLabelText('Class')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Section')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Student ID/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Department')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Class is required')).toBeInTheDocument();

    await pick('Mentor');
    expect(await within(dialog).findByLabelText('Department')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Employee ID/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Class')).not.toBeInTheDocument();
  });

  it("maps create failures to the spec's messages", () => {
    expect(createUserError({ status: 409, data: { message: 'x' } }, t)).toBe('User with this email already exists');
    expect(createUserError({ status: 400, data: {} }, t)).toBe('Invalid user data provided');
    expect(createUserError({ status: 400, data: { message: ['Class is required'] } }, t)).toBe('Class is required');
    expect(createUserError({ status: 500, data: {} }, t)).toBe('Server error. Please try again later.');
    expect(createUserError({ status: 'FETCH_ERROR' }, t)).toBe('Failed to create user');
  });
});

describe('Edit user dialog', () => {
  it('shows the role without letting it change, and requires a valid e-mail', async () => {
    const calls = mockApi({});
    const user = {
      _id: 'u1',
      email: 'asha@example.edu',
      fullName: 'Asha Singh',
      phone: '',
      role: 'mentee' as const,
      isActive: true,
      pendingApproval: false,
      safeguardingLead: false,
      createdAt: '2026-01-05T10:00:00Z',
      lastLogin: null,
      profile: null,
    };
    wrap(<EditUserDialog user={user} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('mentee')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email');
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'asha@' } });
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('profile fields', () => {
  function Harness({ role, profile }: { role: 'mentor' | 'mentee'; profile?: AnyProfile }) {
    const [form] = Form.useForm();
    return (
      <Form form={form} onFinish={() => undefined} initialValues={profile}>
        <ProfileFields role={role} profile={profile} />
        <button type="submit">Save</button>
      </Form>
    );
  }

  it('requires the full name and refuses negative experience for a mentor', async () => {
    wrap(<Harness role="mentor" />);
    fireEvent.change(screen.getByLabelText('Experience (years)'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(await screen.findByText('Experience must be 0 or more')).toBeInTheDocument();
    expect(screen.queryByLabelText('Blood group')).not.toBeInTheDocument();
  });

  it('shows the mentee fields; class and section may stay empty, but once recorded cannot be emptied', async () => {
    const { unmount } = wrap(<Harness role="mentee" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.queryByText('Class is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Section is required')).not.toBeInTheDocument();
    unmount();
    wrap(<Harness role="mentee" profile={{ class: '10', section: 'A' } as AnyProfile} />);
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Section'), { target: { value: ' ' } });
    expect(await screen.findByText('Class is required')).toBeInTheDocument();
    expect(await screen.findByText('Section is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Blood group')).toBeInTheDocument();
    expect(screen.queryByLabelText('Subjects')).not.toBeInTheDocument();
  });
});

describe('delete summary', () => {
  it('counts what went with the account, singular and plural', () => {
    expect(removedSummary({}, t)).toBe('User deleted successfully');
    expect(removedSummary({ attendanceRecords: 60, leaveRequests: 1, grievances: 0 }, t)).toBe(
      'User deleted successfully (also removed: 60 attendance records, 1 leave request)',
    );
  });
});
