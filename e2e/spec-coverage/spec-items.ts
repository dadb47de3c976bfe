/**
 * What the spec asks to be seen, read from the spec itself (a copy of the authoritative text sits beside this
 * file as SPEC.md): every route of section 2's table, a document title for each of them ("Document titles are set
 * per page"), every rule of section 5, and every single-quoted text anywhere in the spec. A journey names the items it
 * shows by their keys, in its `spec` annotations (fixtures/test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = join(dirname(fileURLToPath(import.meta.url)), 'SPEC.md');

export type ItemSource = 'route' | 'title' | 'rule' | 'quote';

export interface SpecItem {
  source: ItemSource;
  /** The id a `spec` annotation names: the route, `document title of <route>`, `validation rule: <label>`, or the quoted text. */
  key: string;
  /** The headings of the sections it appears in, in order (a text quoted twice lists both). */
  sections: string[];
}

/**
 * A single quote delimits a quoted text unless it sits between two letters (an apostrophe: "haven't", "user's").
 * Delimiters pair up in order along each line.
 */
export function quotedTexts(line: string): string[] {
  const marks: number[] = [];
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] !== "'") continue;
    const apostrophe = /\p{L}/u.test(line[i - 1] ?? '') && /\p{L}/u.test(line[i + 1] ?? '');
    if (!apostrophe) marks.push(i);
  }
  if (marks.length % 2 !== 0) throw new Error(`Unbalanced quotes in spec line: ${line}`);
  const texts: string[] = [];
  for (let i = 0; i < marks.length; i += 2) texts.push(line.slice(marks[i]! + 1, marks[i + 1]));
  return texts;
}

export function readSpec(path = SPEC_PATH): string {
  return readFileSync(path, 'utf8');
}

export function extractSpecItems(spec: string = readSpec()): SpecItem[] {
  const items = new Map<string, SpecItem>();
  const add = (source: ItemSource, key: string, section: string) => {
    const item = items.get(key) ?? { source, key, sections: [] };
    if (item.source !== source) throw new Error(`"${key}" is both a ${item.source} and a ${source}`);
    if (!item.sections.includes(section)) item.sections.push(section);
    items.set(key, item);
  };

  let chapter = '';
  let section = '';
  for (const line of spec.split('\n')) {
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    if (heading) {
      if (heading[1] === '##') chapter = heading[2]!;
      section = heading[1] === '##' ? chapter : `${chapter} / ${heading[2]}`;
      continue;
    }
    // Section 2's table: | Route | Screen | Access |
    if (chapter.startsWith('2.') && line.startsWith('|')) {
      const route = line.split('|')[1]!.trim();
      if (route && route !== 'Route' && !/^-+$/.test(route)) {
        add('route', route, section);
        add('title', `document title of ${route}`, section);
      }
    }
    // Section 5's bullets: one rule each, named by its first clause.
    if (chapter.startsWith('5.') && line.startsWith('- ')) {
      const label = /^- ([^:,;.]+)/.exec(line)![1]!.trim();
      add('rule', `validation rule: ${label}`, section);
    }
    for (const text of quotedTexts(line)) add('quote', text, section);
  }
  return [...items.values()];
}
