import type {
  DailyAttendanceResponse,
  MonthlyAttendanceResponse,
  SaveAttendanceRequest,
  SaveAttendanceResponse,
} from '@portal/contracts';
import { api } from '@portal/web-core';

export const attendanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    dayAttendance: build.query<DailyAttendanceResponse, string>({
      query: (date) => ({ url: '/admin/attendance', params: { date } }),
      providesTags: ['Attendance'],
    }),
    monthAttendance: build.query<MonthlyAttendanceResponse, { month: number; year: number }>({
      query: (q) => ({ url: '/admin/attendance', params: q }),
      providesTags: ['Attendance'],
    }),
    saveAttendance: build.mutation<SaveAttendanceResponse, SaveAttendanceRequest>({
      query: (body) => ({ url: '/admin/attendance', method: 'POST', body }),
      invalidatesTags: ['Attendance', 'Dashboard', 'User', 'Group'],
    }),
  }),
});

export const { useDayAttendanceQuery, useMonthAttendanceQuery, useSaveAttendanceMutation } = attendanceApi;
