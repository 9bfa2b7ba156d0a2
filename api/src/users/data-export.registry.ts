import { Injectable } from '@nestjs/common';

/** Who a student's data export is for: the student themselves, or an admin (on the student's or a guardian's request). */
export interface ExportAudience {
  /** false for an admin's export: what the student may see but staff may not (a withheld name) stays out. */
  forStudent: boolean;
}
export type ExportSection = (studentId: string, audience: ExportAudience) => Promise<unknown>;

/**
 * A student's data export without the users module reaching into other modules' tables: each module registers, in its
 * onModuleInit, the section it owns (its rows for that student, as that module answers them).
 */
@Injectable()
export class DataExportRegistry {
  private readonly sections = new Map<string, ExportSection>();

  register(name: string, section: ExportSection): void {
    if (this.sections.has(name)) throw new Error(`export section ${name} registered twice`);
    this.sections.set(name, section);
  }

  names(): string[] {
    return [...this.sections.keys()];
  }

  async collect(studentId: string, audience: ExportAudience): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, section] of this.sections) out[name] = await section(studentId, audience);
    return out;
  }
}
