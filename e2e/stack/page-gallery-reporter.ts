/**
 * Copies the page gallery's screenshots (attachments named `page: <viewport>/<name>`) to
 * `<outputFolder>/<viewport>/<name>.jpg` and writes an index.html that shows them side by side. Listed after the
 * HTML reporter, which empties its folder when it writes the report.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const PREFIX = 'page: ';

export default class PageGalleryReporter implements Reporter {
  private folder = '';
  /** Each shot's attachment path, by `<viewport>/<name>`. */
  private readonly shots = new Map<string, string>();

  constructor(private readonly options: { outputFolder?: string } = {}) {}

  onBegin(config: FullConfig): void {
    const base = config.configFile ? dirname(config.configFile) : process.cwd();
    this.folder = resolve(base, this.options.outputFolder ?? 'playwright-report/pages');
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      if (attachment.name.startsWith(PREFIX) && attachment.path)
        this.shots.set(attachment.name.slice(PREFIX.length), attachment.path);
    }
  }

  onEnd(): void {
    if (!this.shots.size) return;
    const names = new Set<string>();
    /** A shot's file in the gallery: its name, with its attachment's extension. */
    const fileOf = (shot: string) => `${shot}${extname(this.shots.get(shot)!)}`;
    for (const [shot, path] of this.shots) {
      const target = join(this.folder, fileOf(shot));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
      names.add(shot.split('/').slice(1).join('/'));
    }
    const rows = [...names]
      .sort()
      .map((name) => {
        const cell = (viewport: string) =>
          this.shots.has(`${viewport}/${name}`)
            ? `<a href="${fileOf(`${viewport}/${name}`)}"><img src="${fileOf(`${viewport}/${name}`)}" alt="${name} at ${viewport} width"></a>`
            : '';
        return `<tr><th>${name}</th><td>${cell('desktop')}</td><td>${cell('phone')}</td></tr>`;
      })
      .join('\n');
    writeFileSync(
      join(this.folder, 'index.html'),
      `<!doctype html><meta charset="utf-8"><title>Heritage Vault pages</title>
<style>body{font-family:sans-serif}td,th{vertical-align:top;padding:8px;border-bottom:1px solid #ccc}th{text-align:left}img{width:320px}td:last-child img{width:160px}</style>
<h1>Every page at desktop (1280x800) and phone (390x844) width</h1>
<table><tr><th>page</th><th>desktop</th><th>phone</th></tr>
${rows}
</table>
`,
    );
    console.log(`Page gallery: ${this.shots.size} screenshots in ${this.folder}`);
  }
}
