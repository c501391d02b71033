// Reading a URDF document: XML text to a tree of elements, and the typed look-ups the converter
// needs. Every failure names its place in the file ("robot/joint "elbow"/axis: …").
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Vec3 } from './mat3';

/** One XML element: attributes under "@_name", child elements under their tag. */
export type Element = { [key: string]: unknown };

const ATTRIBUTE = '@_';

/** An error about the URDF's content, with the place it is about. */
export class UrdfError extends Error {}

export function fail(place: string, message: string): never {
  throw new UrdfError(`${place}: ${message}`);
}

/** The XML document of a URDF text; syntax errors name the file, line and column. */
export function parseXml(xml: string, fileName: string): Element {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { line, col, msg } = validation.err;
    throw new UrdfError(`${fileName} line ${line}, column ${col}: ${msg}`);
  }
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    parseAttributeValue: false,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
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
export function vectorAttribute(element: Element, name: string, place: string, fallback: Vec3): Vec3 {
  const text = attribute(element, name);
  return text === undefined ? fallback : (parseNumbers(text, name, 3, place) as Vec3);
}

export function requiredVector(element: Element, name: string, place: string): Vec3 {
  return parseNumbers(requiredAttribute(element, name, place), name, 3, place) as Vec3;
}

/** An "rgba" attribute: four numbers in [0, 1]. */
export function rgbaAttribute(element: Element, place: string): number[] | undefined {
  const text = attribute(element, 'rgba');
  if (text === undefined) return undefined;
  const rgba = parseNumbers(text, 'rgba', 4, place);
  if (rgba.some((c) => c < 0 || c > 1)) fail(place, `rgba needs 4 numbers from 0 to 1, got "${text}"`);
  return rgba;
}

/** An <origin xyz rpy> child as a position and roll-pitch-yaw (zeros when absent). */
export function originOf(element: Element, place: string): { xyz: Vec3; rpy: Vec3 } {
  const origin = optionalChild(element, 'origin', place);
  if (!origin) return { xyz: [0, 0, 0], rpy: [0, 0, 0] };
  return {
    xyz: vectorAttribute(origin, 'xyz', `${place}/origin`, [0, 0, 0]),
    rpy: vectorAttribute(origin, 'rpy', `${place}/origin`, [0, 0, 0]),
  };
}
