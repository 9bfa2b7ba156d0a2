import type {
  AbsenceAnswerResponse,
  DailyAttendanceResponse,
  MonthlyAttendanceResponse,
  RecordedDaysResponse,
  SaveAttendanceRequest,
  SaveAttendanceResponse,
} from '@portal/contracts';
import { api, recordTags } from '@portal/web-core';

/** A month's register is tagged YYYY-MM, a day's YYYY-MM-DD: saving a day refreshes that day and its month only. */
const monthOf = (q: { month: number; year: number }) => `${q.year}-${String(q.month).padStart(2, '0')}`;

export const attendanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    dayAttendance: build.query<DailyAttendanceResponse, string>({
      query: (date) => ({ url: '/admin/attendance', params: { date } }),
      providesTags: (_r, _e, date) => [{ type: 'Attendance', id: date }],
    }),
    monthAttendance: build.query<MonthlyAttendanceResponse, { month: number; year: number }>({
      query: (q) => ({ url: '/admin/attendance', params: q }),
      providesTags: (_r, _e, q) => [{ type: 'Attendance', id: monthOf(q) }],
    }),
    // Asked just before closing days (never kept: the answer must be today's).
    recordedDays: build.query<RecordedDaysResponse, string[]>({
      query: (dates) => ({ url: '/admin/attendance/recorded', params: { dates: dates.join(',') } }),
      keepUnusedDataFor: 0,
    }),
    saveAttendance: build.mutation<SaveAttendanceResponse, SaveAttendanceRequest>({
      query: (body) => ({ url: '/admin/attendance', method: 'POST', body }),
      // The day and its month, each student marked (their figures), the lists, the dashboards and the averages of
      // whichever groups those students are in.
      invalidatesTags: (_r, _e, { date, attendanceData }) => [
        { type: 'Attendance', id: date },
        { type: 'Attendance', id: date.slice(0, 7) },
        ...recordTags('User', ...Object.keys(attendanceData)),
        'Dashboard',
        'Group',
      ],
    }),
    /** Keeps a mark a family disputes as it is (its day's register stops showing the dispute). */
    confirmMark: build.mutation<AbsenceAnswerResponse, { answerId: string; date: string }>({
      query: ({ answerId }) => ({ url: `/admin/absence-answers/${answerId}/confirm`, method: 'PUT' }),
      invalidatesTags: (_r, _e, { date }) => [{ type: 'Attendance', id: date }],
    }),
  }),
});

export const { useConfirmMarkMutation } = attendanceApi;
export const { useDayAttendanceQuery, useMonthAttendanceQuery, useLazyRecordedDaysQuery, useSaveAttendanceMutation } =
  attendanceApi;
