import type { DisclosurePage } from '@portal/contracts';
import { api } from '@portal/web-core';

/** Who viewed a student's sensitive records: an admin's view of one student, and the student's own. */
export const disclosuresApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    // Every read of a record adds a row: asked afresh each time the card shows.
    studentDisclosures: build.query<DisclosurePage, { studentId: string; page: number }>({
      query: ({ studentId, page }) => ({ url: `/admin/mentees/${studentId}/disclosures`, params: { page } }),
      keepUnusedDataFor: 0,
    }),
    myDisclosures: build.query<DisclosurePage, { page: number }>({
      query: ({ page }) => ({ url: '/disclosures/mine', params: { page } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStudentDisclosuresQuery, useMyDisclosuresQuery } = disclosuresApi;
