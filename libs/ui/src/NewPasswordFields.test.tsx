import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { MSG } from '@portal/contracts';
import { NewPasswordFields, PASSWORDS_DIFFER } from './NewPasswordFields';

function Harness({ confirm, onFinish }: { confirm?: boolean; onFinish: (v: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} onFinish={onFinish}>
      <NewPasswordFields name="newPassword" label="New password" confirm={confirm} />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('NewPasswordFields', () => {
  it("applies the spec's password rules", async () => {
    const onFinish = jest.fn();
    render(<Harness onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.passwordRequired)).toBeInTheDocument();
    fill('New password', '12345');
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument();
    fill('New password', '       ');
    expect(await screen.findByText(MSG.passwordBlank)).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('with a confirmation, submits only when both fields say the same', async () => {
    const onFinish = jest.fn();
    render(<Harness confirm onFinish={onFinish} />);
    fill('New password', 'correct horse');
    fill('Confirm password', 'correct hose');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    fill('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ newPassword: 'correct horse', confirm: 'correct horse' }),
    );
  });
});
