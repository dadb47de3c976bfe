/**
 * Reads a test file (a Playwright journey or a vitest file) the way the coverage check needs it: its tests by
 * title, each with the source text that defines it, its named declarations, and the files it imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface DeclaredTest {
  /** The title as written: a literal, or a template whose `${...}` parts match anything. */
  title: string;
  matches: (title: string) => boolean;
  /**
   * The source that defines the test: the `test(...)` call itself, or, when the call sits inside a loop or a
   * block at the top of the file or of a describe, that whole statement (so a table of cases the loop runs over
   * counts as the test's own source).
   */
  scope: string;
}

export interface TestSource {
  path: string;
  text: string;
  tests: DeclaredTest[];
  /** Repository-relative paths of the files it imports with a relative specifier. */
  imports: string[];
  /** The source text of each named declaration: functions, methods, getters, variables, properties. */
  declarations: Map<string, string[]>;
}

const TEST_FUNCTIONS = new Set(['test', 'it']);
const DESCRIBES = /^(test\.describe|describe)(\.(only|skip|serial|parallel|fixme))?$/;

function calleeName(call: ts.CallExpression): string {
  return call.expression.getText();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function titleOf(node: ts.Expression | undefined): Omit<DeclaredTest, 'scope'> | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    const title = node.text;
    return { title, matches: (t) => t === title };
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    const pattern = new RegExp(`^${parts.map(escapeRegExp).join('.+')}$`, 's');
    return { title: node.getText().slice(1, -1), matches: (t) => pattern.test(t) };
  }
  return null;
}

/** True when `block` is the body of a describe callback. */
function isDescribeBody(block: ts.Node): boolean {
  const fn = block.parent;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return false;
  const call = fn.parent;
  return !!call && ts.isCallExpression(call) && DESCRIBES.test(calleeName(call));
}

/** The defining statement's source without the title itself: a title that names a text does not show it. */
function scopeOf(call: ts.CallExpression): string {
  let node: ts.Node = call;
  while (node.parent && !ts.isSourceFile(node.parent) && !(ts.isBlock(node.parent) && isDescribeBody(node.parent))) {
    node = node.parent;
  }
  const title = call.arguments[0]!;
  const start = node.getStart();
  const text = node.getText();
  return text.slice(0, title.getStart() - start) + text.slice(title.getEnd() - start);
}

/** A string a table of cases can hold: a literal, or a template without substitutions. */
function literalText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** The values one case of an inline table gives the loop's variables, when they are all literals. */
function caseBindings(name: ts.BindingName, element: ts.Expression): Map<string, string> | null {
  const values = new Map<string, string>();
  if (ts.isIdentifier(name)) {
    const text = literalText(element);
    if (text === undefined) return null;
    values.set(name.text, text);
    return values;
  }
  if (ts.isObjectBindingPattern(name) && ts.isObjectLiteralExpression(element)) {
    for (const binding of name.elements) {
      if (!ts.isIdentifier(binding.name)) return null;
      const key = binding.propertyName?.getText() ?? binding.name.text;
      const property = element.properties.find(
        (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === key,
      );
      const text = literalText(property?.initializer);
      if (text !== undefined) values.set(binding.name.text, text);
    }
    return values;
  }
  if (ts.isArrayBindingPattern(name) && ts.isArrayLiteralExpression(element)) {
    name.elements.forEach((binding, index) => {
      if (ts.isBindingElement(binding) && ts.isIdentifier(binding.name)) {
        const text = literalText(element.elements[index]);
        if (text !== undefined) values.set(binding.name.text, text);
      }
    });
    return values;
  }
  return null;
}

/**
 * A test made in a loop over an inline table of cases (`for (const { path, message } of [ ... ]) test(...)`) is one
 * test per case: its title is worked out from that case's values, and its source is the test plus that case only,
 * so a row cannot borrow a text from a neighbouring case. Null when the loop is not of that plain shape.
 */
function loopCases(call: ts.CallExpression): DeclaredTest[] | null {
  const title = call.arguments[0];
  let loop: ts.Node | undefined = call.parent;
  while (loop && !ts.isForOfStatement(loop) && !ts.isSourceFile(loop)) {
    if (ts.isFunctionLike(loop)) return null;
    loop = loop.parent;
  }
  if (!loop || !ts.isForOfStatement(loop) || !ts.isArrayLiteralExpression(loop.expression)) return null;
  if (!title || !ts.isVariableDeclarationList(loop.initializer) || loop.initializer.declarations.length !== 1) return null;
  const name = loop.initializer.declarations[0]!.name;
  const body = call.getText();
  const test = body.slice(0, title.getStart() - call.getStart()) + body.slice(title.getEnd() - call.getStart());
  const cases: DeclaredTest[] = [];
  for (const element of loop.expression.elements) {
    const values = caseBindings(name, element);
    if (!values) return null;
    let text: string | undefined = literalText(title);
    if (ts.isTemplateExpression(title)) {
      text = title.head.text;
      for (const span of title.templateSpans) {
        const value = values.get(span.expression.getText().replace(/!$/, ''));
        if (value === undefined) return null;
        text += value + span.literal.text;
      }
    }
    if (text === undefined) return null;
    const concrete = text;
    cases.push({ title: concrete, matches: (t) => t === concrete, scope: `${test}\n${element.getText()}` });
  }
  return cases;
}

function declarationName(node: ts.Node): string | null {
  if (
    (ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isPropertyAssignment(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isClassDeclaration(node)) &&
    node.name &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
  ) {
    return node.name.text;
  }
  return null;
}

export function readTestSource(root: string, path: string): TestSource | null {
  const absolute = resolve(root, path);
  if (!existsSync(absolute)) return null;
  const text = readFileSync(absolute, 'utf8');
  const file = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const tests: DeclaredTest[] = [];
  const imports: string[] = [];
  const declarations = new Map<string, string[]>();

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && TEST_FUNCTIONS.has(calleeName(node))) {
      const cases = loopCases(node);
      if (cases) tests.push(...cases);
      else {
        const title = titleOf(node.arguments[0]);
        if (title) tests.push({ ...title, scope: scopeOf(node) });
      }
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      if (specifier.startsWith('.')) imports.push(relative(root, resolve(dirname(absolute), specifier)));
    }
    const name = declarationName(node);
    if (name) declarations.set(name, [...(declarations.get(name) ?? []), node.getText()]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { path, text, tests, imports, declarations };
}

/** The same module with or without its extension (`./x.ts`, `./x`, `./x/index.ts`). */
export function importsFile(source: TestSource, path: string): boolean {
  const bare = path.replace(/\.(ts|tsx)$/, '');
  return source.imports.some((imported) => {
    const candidate = imported.replace(/\.(ts|tsx)$/, '');
    return candidate === bare || candidate === `${bare.replace(/\/index$/, '')}`;
  });
}
