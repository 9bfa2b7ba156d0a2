// @portal/attendance: attendance bands, the monthly chart and the group overview, for every role's screens.
export * from './attendanceBands';
export * from './MonthlyAttendanceChart';
export * from './GroupAttendanceOverview';
export * from './AttendanceToggle';
export * from './AttendanceBandTag';
export * from './AttendanceFigure';
export * from './calendarApi';
export * from './useSchoolCalendar';
export * from './labels';
export * from './AbsenceAnswerFields';
