// The shape of the boundary's declaration (interface.mjs), for TypeScript readers of it (the tests).
export interface FieldDeclaration {
  name: string;
  size?: number;
  unit?: string;
  doc?: string;
}

export interface BufferDeclaration {
  name: string;
  pointer: string;
  element: 'float32' | 'float64';
  count?: string | number;
  length?: string;
  doc: string;
  fields?: FieldDeclaration[];
}

export interface MethodDeclaration {
  name: string;
  params?: [string, string][];
  returns: string;
  buffer?: string;
  doc: string;
}

export const buffers: BufferDeclaration[];
export const methods: MethodDeclaration[];
export const mathFunctions: { unary: string[]; binary: [string, string, string][] };
export const jsonTypes: string;
