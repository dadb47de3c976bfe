/**
 * The document's web vitals (the web-vitals library: LCP, INP, CLS, TTFB), for release health (page-views.ts). This
 * module and page-views.ts are imported 3 s after the page's load event, when the browser is idle, so neither is on
 * a page's critical path; the library still sees the page's LCP and TTFB (the browser buffers them), and INP and CLS
 * up to the moment the page is hidden. It reports LCP after the first input and CLS and INP as the page is hidden (no
 * `reportAllChanges`): page-views.ts joins them to the document's first view even once the visitor has moved on.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { WebVital } from 'artifact-model/release-health';
import { recordVital, startPageViewTelemetry } from './page-views';

export function measureWebVitals(apiUrl: string): void {
  const record = (vital: WebVital) => (metric: Metric) => recordVital(vital, metric.value);
  onLCP(record('lcp'));
  onINP(record('inp'));
  onCLS(record('cls'));
  onTTFB(record('ttfb'));
  // After the library's own listeners: the vitals it reports as the page is hidden go in that beacon.
  startPageViewTelemetry(apiUrl);
}
