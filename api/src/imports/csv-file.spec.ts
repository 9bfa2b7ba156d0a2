import { readCsv } from './csv-file';

describe('readCsv', () => {
  it('reads Excel-style quoting, a BOM and blank rows, numbering rows as the spreadsheet does', () => {
    const text =
      '\uFEFFEmail,fullName,phone,department\r\n"a@x.co","Shah, ""AJ"" Arjun",1,Maths\r\n\r\nb@x.co,B,2,"Physics\nLab"\r\n';
    expect(readCsv('mentors', text)).toEqual({
      errors: [],
      records: [
        {
          row: 2,
          cells: expect.objectContaining({
            email: 'a@x.co',
            fullName: 'Shah, "AJ" Arjun',
            department: 'Maths',
            employeeId: '',
          }),
        },
        { row: 4, cells: expect.objectContaining({ email: 'b@x.co', department: 'Physics\nLab' }) },
      ],
    });
  });

  it('refuses a file that is not CSV, a row longer than the header, and a header-only file', () => {
    expect(readCsv('mentors', 'email,fullName,phone,department\r\n"a@x.co,B,1,M\r\n').errors).toEqual([
      // csv-parse tells where it stopped: an unclosed quote runs to the end of the file.
      { row: 3, column: null, message: expect.stringMatching(/^The file is not valid CSV: Quote Not Closed/) },
    ]);
    expect(readCsv('mentors', 'email,fullName,phone,department\r\na,b,c,d,e\r\n').errors).toEqual([
      { row: 2, column: null, message: 'The row has 5 cells; the header names 4' },
    ]);
    expect(readCsv('mentors', 'email,fullName,phone,department\r\n').errors).toEqual([
      { row: 2, column: null, message: 'The file has no data rows' },
    ]);
  });
});
