import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { DailyAttendanceResponse } from '@portal/contracts';
import { createStore, notify, ThemeProvider } from '@portal/web-core';
import { mockApi } from '../../testing/renderWithPortal';
import { useAttendanceDraft } from './useAttendanceDraft';

const ISO = '2026-03-02';
/** The server's day: s1 saved present, s3 on approved leave and saved so; s2 not marked yet. */
const DAY: DailyAttendanceResponse = {
  date: ISO,
  attendanceData: { s1: { [ISO]: 'present' }, s3: { [ISO]: 'leave' } },
  onLeave: ['s3'],
  overrideReasons: {},
};

function renderDraft() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ThemeProvider>{children}</ThemeProvider>
    </Provider>
  );
  return renderHook(() => useAttendanceDraft(ISO, DAY), { wrapper }).result;
}

afterEach(() => jest.restoreAllMocks());

describe('useAttendanceDraft', () => {
  it('shows the saved marks under the changes, counts only real changes, and forgets a change marked back', () => {
    const draft = renderDraft();
    expect(draft.current.marks).toEqual({ s1: 'present', s3: 'leave' });
    expect(draft.current.dirty).toBe(false);

    act(() => draft.current.mark(['s1', 's2'], 'absent'));
    expect(draft.current.marks).toEqual({ s1: 'absent', s2: 'absent', s3: 'leave' });
    expect(draft.current.unsaved).toEqual(['s1', 's2']);
    expect(draft.current.isUnsaved('s1')).toBe(true);

    // Back to what is saved: no longer a change.
    act(() => draft.current.mark(['s1'], 'present'));
    expect(draft.current.unsaved).toEqual(['s2']);
    expect(draft.current.isUnsaved('s1')).toBe(false);
    expect(draft.current.isUnsaved('s3')).toBe(false);

    act(() => draft.current.discard());
    expect(draft.current.marks).toEqual({ s1: 'present', s3: 'leave' });
    expect(draft.current.dirty).toBe(false);
  });

  it('Mark All fills only the unmarked; marks already given (saved or changed) change only through overwrite', () => {
    const draft = renderDraft();
    expect(draft.current.markedOtherwise(['s1', 's2', 's3'], 'absent')).toEqual(['s1']);
    act(() => draft.current.markAll(['s1', 's2', 's3'], 'absent'));
    // s1's saved Present stays; s3 keeps the approved leave.
    expect(draft.current.marks).toEqual({ s1: 'present', s2: 'absent', s3: 'leave' });
    expect(draft.current.unsaved).toEqual(['s2']);
    // A change made a moment ago counts as a mark too.
    act(() => draft.current.mark(['s2'], 'late'));
    expect(draft.current.markedOtherwise(['s1', 's2', 's3'], 'present')).toEqual(['s2']);
    act(() => draft.current.markAll(['s1', 's2', 's3'], 'present'));
    expect(draft.current.marks.s2).toBe('late');
    act(() => draft.current.overwrite(['s1', 's2'], 'absent'));
    expect(draft.current.marks).toEqual({ s1: 'absent', s2: 'absent', s3: 'leave' });
  });

  it('leaves students on approved leave out of Mark All and marks them otherwise only with a reason', () => {
    const draft = renderDraft();
    expect(draft.current.needsReason('s3', 'present')).toBe(true);
    expect(draft.current.needsReason('s3', 'leave')).toBe(false);
    expect(draft.current.needsReason('s2', 'absent')).toBe(false);

    act(() => draft.current.markAll(['s1', 's2', 's3'], 'absent'));
    expect(draft.current.marks).toEqual({ s1: 'present', s2: 'absent', s3: 'leave' });
    expect(draft.current.markedOtherwise(['s3'], 'absent')).toEqual([]);
    expect(draft.current.overrideNote('s3')).toBeUndefined();

    act(() => draft.current.override('s3', 'present', 'Came in for the exam'));
    expect(draft.current.marks.s3).toBe('present');
    expect(draft.current.reasonOf('s3')).toBe('Came in for the exam');
    expect(draft.current.overrideNote('s3')).toBe('Came in for the exam');
    // The reason is shown only while the mark overrides the leave.
    act(() => draft.current.mark(['s3'], 'leave'));
    expect(draft.current.overrideNote('s3')).toBeUndefined();
  });

  it('saves only the changes, with the reason of each overridden leave, and then has nothing unsaved', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const calls = mockApi({
      'POST /admin/attendance': [
        201,
        { message: 'Attendance saved successfully', date: ISO, saved: 2, present: 1, absent: 1, late: 0, leave: 0 },
      ],
    });
    const draft = renderDraft();
    act(() => draft.current.mark(['s1'], 'present'));
    act(() => draft.current.mark(['s2'], 'absent'));
    act(() => draft.current.override('s3', 'present', 'Came in for the exam'));
    await act(() => draft.current.save());

    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        date: ISO,
        attendanceData: { s2: { [ISO]: 'absent' }, s3: { [ISO]: 'present' } },
        overrideReasons: { s3: 'Came in for the exam' },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Attendance saved successfully');
    expect(draft.current.dirty).toBe(false);
    expect(draft.current.reasonOf('s3')).toBeUndefined();
  });

  it('keeps the changes and says why when the save is refused', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /admin/attendance': [
        400,
        { statusCode: 400, code: 'OVERRIDE_REASON_REQUIRED', message: 'A student has approved leave' },
      ],
    });
    const draft = renderDraft();
    act(() => draft.current.mark(['s2'], 'late'));
    await act(() => draft.current.save());

    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Nothing was saved: a student has approved leave/));
    expect(draft.current.unsaved).toEqual(['s2']);
    expect(draft.current.marks.s2).toBe('late');
  });
});
