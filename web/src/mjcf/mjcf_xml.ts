// Reading MJCF text into elements within stated budgets. One linear scan before the XML parser
// refuses what would make the parser or the converter work without bound (a huge file or
// attribute, nesting past the budget, too many elements) and what MJCF never needs (a document
// type with entities), naming the element and its line; the parser then sees only text within
// the budgets, so its own limits are never the ones that refuse.
import { type Element, XmlError, lineAt, parseXml } from '../xml/xml_reader';

/** An error about an MJCF file's content, syntax or budgets; the message starts with its place. */
export class MjcfError extends XmlError {
  constructor(message: string, element = '', line?: number) {
    super(message, element, line);
    this.name = 'MjcfError';
  }
}

/** Throws an MjcfError about `place` (an element path such as `mujoco/worldbody/body "arm"`). */
export function fail(place: string, message: string): never {
  throw new MjcfError(`${place}: ${message}`, place);
}

/** The budgets of one MJCF file (docs/security.md lists them with the tests that prove them). */
export const MJCF_BUDGET = {
  fileChars: 16 * 1024 * 1024,
  attributeChars: 1024 * 1024,
  depth: 2000, // element nesting: a chain of bodies nests two levels deeper than its length
  elements: 200_000,
  // <body> elements: the scene loader's own cap on bodies and links (kMaxBodies), checked before
  // converting, so that a file the loader would refuse is not first converted for seconds.
  bodies: 10_000,
  expandedAttributes: 500_000, // attributes after default-class expansion, classes and elements together
  expandedElements: 100_000, // elements that take defaults (bodies, joints, geoms, actuators, …)
} as const;

const count = (n: number) => n.toLocaleString('en-US');
const mib = (chars: number) => `${chars / (1024 * 1024)} MiB`;

function refuse(text: string, fileName: string, offset: number, what: string, message: string): never {
  const line = lineAt(text, offset);
  throw new MjcfError(`${fileName} line ${line}: ${what}: ${message}`, what, line);
}

/** The name of the attribute whose value opens with the quote at `quote` (read backwards). */
function attributeNameBefore(text: string, quote: number): string {
  let end = quote - 1;
  while (end > 0 && /[\s=]/.test(text[end])) end--;
  let start = end;
  while (start > 0 && !/[\s<]/.test(text[start - 1])) start--;
  return text.slice(start, end + 1);
}

/** The end of an open tag starting at `start` (the offset of its '>'), checking attribute sizes. */
function scanTag(text: string, fileName: string, start: number, tag: string): number {
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '>') return i;
    if (c !== '"' && c !== "'") continue;
    const end = text.indexOf(c, i + 1);
    const length = (end === -1 ? text.length : end) - i - 1;
    if (length > MJCF_BUDGET.attributeChars) {
      const name = attributeNameBefore(text, i);
      refuse(text, fileName, i, `<${tag}>`, `attribute "${name}" is ${count(length)} characters, over the budget of ${mib(MJCF_BUDGET.attributeChars)} for an attribute`);
    }
    if (end === -1) break;
    i = end;
  }
  return text.length;
}

/** Refuses, naming element and line, what is over a budget or not MJCF; linear in the text. */
export function scanMjcf(text: string, fileName: string): void {
  if (text.length > MJCF_BUDGET.fileChars) {
    refuse(text, fileName, MJCF_BUDGET.fileChars, 'the file', `${count(text.length)} characters, over the budget of ${mib(MJCF_BUDGET.fileChars)} for an MJCF file`);
  }
  let depth = 0, elements = 0, bodies = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i)) {
    const skip = (until: string) => {
      const end = text.indexOf(until, i);
      return end === -1 ? text.length : end + until.length;
    };
    if (text.startsWith('<!--', i)) i = skip('-->');
    else if (text.startsWith('<![CDATA[', i)) i = skip(']]>');
    else if (text.startsWith('<?', i)) i = skip('?>');
    else if (text.startsWith('<!', i)) {
      const what = /^<!([A-Za-z]*)/.exec(text.slice(i, i + 20))?.[1] ?? '';
      refuse(text, fileName, i, `<!${what}>`, 'document type declarations and entities are not supported in MJCF (MuJoCo does not read them)');
    } else if (text[i + 1] === '/') {
      depth--;
      i = skip('>');
    } else {
      const tag = /^<([^\s/>]*)/.exec(text.slice(i, i + 200))?.[1] ?? '';
      const end = scanTag(text, fileName, i + 1 + tag.length, tag);
      if (++elements > MJCF_BUDGET.elements) refuse(text, fileName, i, `<${tag}>`, `more than ${count(MJCF_BUDGET.elements)} elements, the budget of an MJCF file`);
      if (tag === 'body' && ++bodies > MJCF_BUDGET.bodies) refuse(text, fileName, i, '<body>', `more than ${count(MJCF_BUDGET.bodies)} bodies, the most a scene may hold`);
      if (text[end - 1] !== '/' && ++depth > MJCF_BUDGET.depth) {
        refuse(text, fileName, i, `<${tag}>`, `nested ${count(depth)} elements deep, over the nesting budget of ${count(MJCF_BUDGET.depth)} (about ${count(MJCF_BUDGET.depth - 2)} nested bodies)`);
      }
      i = end + 1;
    }
  }
}

/** The XML document of an MJCF text within its budgets; syntax errors name the line and column. */
export function parseMjcfXml(xml: string, fileName: string): Element {
  scanMjcf(xml, fileName);
  try {
    return parseXml(xml, fileName, MJCF_BUDGET.depth + 1); // the scan refuses first, naming the line
  } catch (error) {
    if (error instanceof XmlError) throw new MjcfError(error.message, error.element, error.line);
    // The scan refuses everything the parser is known to; this names a place for anything else.
    throw new MjcfError(`${fileName} line 1: <mujoco>: the XML parser refused the file: ${(error as Error).message}`, '<mujoco>', 1);
  }
}
