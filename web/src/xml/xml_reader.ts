// Reading XML robot descriptions (MJCF, URDF): text to a tree of elements on fast-xml-parser, and
// the typed look-ups the converters share. Every failure is an XmlError naming its place: the
// element ("robot/joint "elbow"/axis") and, for syntax and budgets, the line.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One XML element: attributes under "@_name", child elements under their tag. */
export type Element = { [key: string]: unknown };

const ATTRIBUTE = '@_';

/**
 * A problem in an XML document: its message starts with where it is. `element` is the element's
 * path as messages write it ("mujoco/worldbody/body "arm"", '' for the whole file), `line` its
 * 1-based line where known (syntax errors and budgets). MjcfError and UrdfError are the formats'.
 */
export class XmlError extends Error {
  constructor(
    message: string,
    readonly element = '',
    readonly line?: number,
  ) {
    super(message);
    this.name = 'XmlError';
  }
}

/** Throws an XmlError about `place` (an element path). */
export function fail(place: string, message: string): never {
  throw new XmlError(`${place}: ${message}`, place);
}

/** The 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The XML document of a text; syntax errors name the file, line and column. `maxNestedTags`
 * bounds the parser's own nesting (a caller that scans the text first sets it above its budget).
 */
export function parseXml(xml: string, fileName: string, maxNestedTags?: number): Element {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { line, col, msg } = validation.err;
    throw new XmlError(`${fileName} line ${line}, column ${col}: ${msg}`, '', line);
  }
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    parseAttributeValue: false,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    ...(maxNestedTags === undefined ? {} : { maxNestedTags }),
  }).parse(xml) as Element;
}

// An element with neither attributes nor children parses as text; treat it as an empty element.
function asElement(value: unknown): Element {
  return value !== null && typeof value === 'object' ? (value as Element) : {};
}

/** All child elements with this tag, in document order. */
export function children(element: Element, tag: string): Element[] {
  const value = element[tag];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(asElement);
}

/** The one child element with this tag, or undefined; a repeated one is an error. */
export function optionalChild(element: Element, tag: string, place: string): Element | undefined {
  const list = children(element, tag);
  if (list.length > 1) fail(place, `more than one <${tag}>`);
  return list[0];
}

export function requiredChild(element: Element, tag: string, place: string): Element {
  return optionalChild(element, tag, place) ?? fail(place, `missing <${tag}>`);
}

export function attribute(element: Element, name: string): string | undefined {
  const value = element[ATTRIBUTE + name];
  return value === undefined ? undefined : String(value);
}

export function requiredAttribute(element: Element, name: string, place: string): string {
  const value = attribute(element, name);
  if (value === undefined || value.trim() === '') fail(place, `missing attribute ${name}`);
  return value;
}

/** Whether a key of an element is one of its attributes (rather than a child element's tag). */
export const isAttributeKey = (key: string): boolean => key.startsWith(ATTRIBUTE);

function parseNumbers(text: string, name: string, count: number, place: string): number[] {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const numbers = words.map(Number);
  if (words.length !== count || numbers.some((n) => !Number.isFinite(n))) {
    fail(place, `${name} needs ${count === 1 ? 'a number' : `${count} numbers`}, got "${text}"`);
  }
  return numbers;
}

/** A numeric attribute, or the fallback when it is absent. */
export function numberAttribute(element: Element, name: string, place: string, fallback: number): number {
  const text = attribute(element, name);
  return text === undefined ? fallback : parseNumbers(text, name, 1, place)[0];
}

export function requiredNumber(element: Element, name: string, place: string): number {
  return parseNumbers(requiredAttribute(element, name, place), name, 1, place)[0];
}

/** A three-number attribute ("xyz", "rpy", "size"), or the fallback when it is absent. */
export function vectorAttribute(element: Element, name: string, place: string, fallback: [number, number, number]): [number, number, number] {
  const text = attribute(element, name);
  return text === undefined ? fallback : (parseNumbers(text, name, 3, place) as [number, number, number]);
}

export function requiredVector(element: Element, name: string, place: string): [number, number, number] {
  return parseNumbers(requiredAttribute(element, name, place), name, 3, place) as [number, number, number];
}

/** An "rgba" attribute: four numbers in [0, 1]. */
export function rgbaAttribute(element: Element, place: string): number[] | undefined {
  const text = attribute(element, 'rgba');
  if (text === undefined) return undefined;
  const rgba = parseNumbers(text, 'rgba', 4, place);
  if (rgba.some((c) => c < 0 || c > 1)) fail(place, `rgba needs 4 numbers from 0 to 1, got "${text}"`);
  return rgba;
}
