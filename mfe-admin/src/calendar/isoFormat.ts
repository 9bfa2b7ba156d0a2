/** How the calendar's days are written to and read from the API. */
export const ISO = 'YYYY-MM-DD';
