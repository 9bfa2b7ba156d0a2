import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { StudentDataCard } from './StudentDataCard';

describe("a student's data, handed over by an admin", () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:data');
    URL.revokeObjectURL = jest.fn();
  });

  it('downloads the PDF or the JSON, saying who asked', async () => {
    const calls = mockApi({
      'GET /admin/mentees/s1/data-export/pdf': 'pdf',
      'GET /admin/mentees/s1/data-export': '{}',
    });
    renderWithPortal(<StudentDataCard studentId="s1" />);
    const card = screen.getByTestId('student-data');
    fireEvent.click(within(card).getByRole('button', { name: /Download as JSON/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(within(card).getByRole('radio', { name: 'A guardian' }));
    fireEvent.click(within(card).getByRole('button', { name: /Download as PDF/ }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => `${c.path}${c.url.search}`)).toEqual([
      '/admin/mentees/s1/data-export?requestedBy=student',
      '/admin/mentees/s1/data-export/pdf?requestedBy=guardian',
    ]);
  });

  it('says when the download failed', async () => {
    mockApi({
      'GET /admin/mentees/s1/data-export': [
        404,
        { statusCode: 404, code: 'MENTEE_NOT_FOUND', message: 'Student not found' },
      ],
    });
    renderWithPortal(<StudentDataCard studentId="s1" />);
    fireEvent.click(screen.getByRole('button', { name: /Download as JSON/ }));
    expect(await screen.findByText('Student not found')).toBeInTheDocument();
  });
});
