import PDFDocument from 'pdfkit';
import type { StudentDataExport } from '@portal/contracts';

/**
 * The export as a readable PDF: a heading per section and every value under a readable label. One embedded font that
 * has both Latin and Devanagari (Noto Sans Devanagari), so Hindi names show as written; fontkit shapes the conjuncts.
 */
const FONT_DIR = require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json').replace(/package\.json$/, '');
const REGULAR = `${FONT_DIR}400Regular/NotoSansDevanagari_400Regular.ttf`;
const BOLD = `${FONT_DIR}700Bold/NotoSansDevanagari_700Bold.ttf`;

const SECTION_TITLES: Record<string, string> = {
  profile: 'Profile',
  attendance: 'Attendance',
  absenceAnswers: "Family's answers to absences",
  leaves: 'Leave requests',
  grievances: 'Grievances',
  followUp: 'Follow-up entries',
  messagesSent: 'Chat messages sent',
  announcements: 'Announcements and comments',
  consents: 'Consent records',
  signedInDevices: 'Signed-in devices',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Record ids mean nothing to a reader (a student number stays). */
const hidden = (key: string, value?: unknown) =>
  key === 'id' || key === '_id' || (typeof value === 'string' && UUID.test(value));
const label = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

const shown = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** A record of plain values on one line ("Date: 2026-11-02 · Status: present"); null when it nests. */
function flat(item: unknown): string | null {
  if (!item || typeof item !== 'object') return item === null || item === undefined ? '' : shown(item);
  if (item instanceof Date) return shown(item);
  const fields = Object.entries(item as Record<string, unknown>).filter(
    ([k, v]) => !hidden(k, v) && v !== null && v !== undefined && v !== '',
  );
  if (fields.some(([, v]) => typeof v === 'object' && !(v instanceof Date))) return null;
  return fields.map(([k, v]) => `${label(k)}: ${shown(v)}`).join(' · ');
}

export function exportPdf(data: StudentDataExport, studentName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Student data: ${studentName}` } });
  doc.registerFont('body', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(`Student data: ${studentName}`);
  doc.font('body').fontSize(9).fillColor('#444').text(`Generated ${data.generatedAt}`).fillColor('#000').moveDown();

  const write = (value: unknown, depth: number, key?: string): void => {
    const indent = 50 + depth * 12;
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      if (key)
        doc
          .font('bold')
          .fontSize(10)
          .text(`${label(key)} (${value.length})`, indent);
      if (!value.length)
        doc
          .font('body')
          .fontSize(10)
          .text('None', indent + 12);
      value.forEach((item, i) => {
        const line = flat(item);
        if (line !== null)
          doc
            .font('body')
            .fontSize(10)
            .text(`${i + 1}. ${line}`, indent + 12);
        else {
          doc
            .font('bold')
            .fontSize(9)
            .fillColor('#444')
            .text(`${i + 1}.`, indent + 12)
            .fillColor('#000');
          write(item, depth + 2);
        }
      });
      return;
    }
    if (typeof value === 'object' && !(value instanceof Date)) {
      if (key) doc.font('bold').fontSize(10).text(label(key), indent);
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        if (!hidden(k, v)) write(v, depth + (key ? 1 : 0), k);
      return;
    }
    const text = shown(value);
    doc
      .font('body')
      .fontSize(10)
      .text(key ? `${label(key)}: ${text}` : text, indent);
  };

  for (const [name, section] of Object.entries(data.sections)) {
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(14)
      .text(SECTION_TITLES[name] ?? label(name), 50);
    write(section, 0);
  }
  doc.end();
  return done;
}
