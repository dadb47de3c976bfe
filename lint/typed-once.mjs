/**
 * `pnpm lint`'s check that a route's path and an API path are typed once in the front end's source (shell, remotes,
 * kit; tests aside): a page's route pattern in its route module (`src/pages/<folder>/<folder>.route.ts`)
 * or the shell's route table, an API path in the model's `ARTIFACT_PATHS` (artifact-model/api-paths). Fails, naming each place, when
 * - a route pattern with a parameter (`/artifact-details/:id`) is written anywhere else;
 * - a route's path is declared again (a `path:` property) outside its route module and the shell's route table;
 * - a path of the API (one under the first segment of a route in the API's `*-routes.ts` files, or under
 *   '/api/') is written in more than one front-end file.
 * Links to a page (`to="/about"`) are uses of its path, not declarations, and stay allowed.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const ROUTE_DECLARATIONS =
  /(^mf-[^/]+\/src\/pages\/([^/]+)\/\2\.route\.ts$)|(^shell\/src\/routes\/route-table\.ts$)/;
const FRONT_END = ['shell', 'mf-catalogue', 'mf-artifact-editor', 'mf-account', 'shared-ui'];
const isTest = (file) => /\.test\.tsx?$|(^|\/)test\/|(^|\/)vite(st)?\.config\.ts$/.test(file);

const gitFiles = (...patterns) =>
  execFileSync('git', ['ls-files', ...patterns], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

/** Each string literal of a TypeScript file (template heads too), with whether it is a `path:` property's value. */
function literalsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const declared =
        ts.isPropertyAssignment(node.parent) &&
        node.parent.name.getText(source) === 'path' &&
        node.parent.initializer === node;
      found.push({
        text: node.text,
        declared,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const frontEnd = gitFiles(...FRONT_END.flatMap((dir) => [`${dir}/**/*.ts`, `${dir}/**/*.tsx`])).filter(
  (file) => !isTest(file),
);
const literals = new Map(frontEnd.map((file) => [file, literalsOf(file)]));

const routePaths = new Set(
  [...literals].flatMap(([file, found]) =>
    // '/' is every path's start: links and bases, not only Home's route.
    ROUTE_DECLARATIONS.test(file)
      ? found.filter((l) => l.declared && /^\/./.test(l.text)).map((l) => l.text)
      : [],
  ),
);
// The API's paths: what starts with the first segment of one of its routes ('/artifacts/top-liked', '/me'), as its
// route modules (api/src/*/*-routes.ts) name them, or with '/api/' (the spec's prefix some calls take).
const apiRoots = new Set(
  gitFiles('api/src/**/*-routes.ts').flatMap((file) =>
    literalsOf(file).flatMap(({ text }) => (/^\/[a-z]/.test(text) ? [text.split('/')[1]] : [])),
  ),
);
// A page's own path ('/contact') names the page where the API has a call of the same name: the front end makes that
// call under '/api/' (CONTACT_PATH), so the page's links stay links.
const isApiPath = (text) =>
  /^\/api\/[a-z]/.test(text) ||
  (/^\/[a-z]/.test(text) && !routePaths.has(text) && apiRoots.has(text.split(/[/?]/)[1]));
const problems = [];
const apiPlaces = new Map();
for (const [file, found] of literals) {
  for (const { text, declared, line } of found) {
    const at = `${file}:${line}`;
    if (routePaths.has(text) && !ROUTE_DECLARATIONS.test(file)) {
      if (text.includes(':'))
        problems.push(`${at}: the route pattern '${text}' is its route module's; import it`);
      else if (declared) problems.push(`${at}: the route '${text}' is declared in its route module already`);
    }
    if (isApiPath(text)) apiPlaces.set(text, [...(apiPlaces.get(text) ?? []), at]);
  }
}
for (const [text, places] of apiPlaces) {
  const files = new Set(places.map((place) => place.replace(/:\d+$/, '')));
  if (files.size > 1)
    problems.push(`the API path '${text}' is typed in ${files.size} files: ${places.join(', ')}`);
}

if (problems.length > 0) {
  console.error(`Typed twice (lint/typed-once.mjs):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`typed once: ${routePaths.size} route paths, ${apiPlaces.size} API paths`);
