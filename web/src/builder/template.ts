// A ready-made setup of the Templates dialog (templates.ts, templates_parts.ts).
import type { BuildDoc, Vec3 } from './build_doc';

export interface Template {
  id: string;
  label: string;
  parameter: { label: string; value: number; min: number; max: number; step: number };
  add(doc: BuildDoc, value: number, at: Vec3, axis: Vec3): BuildDoc;
  /** Said when it is added: what it changed besides adding parts. */
  note?: string;
}
