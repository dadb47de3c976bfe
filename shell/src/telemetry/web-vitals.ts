/**
 * The document's web vitals for release health (page-views.ts). Loaded late, the library still sees LCP and TTFB (the
 * browser buffers them); without `reportAllChanges` it reports LCP after the first input and CLS and INP as the page
 * is hidden, and page-views.ts joins them to the document's first view even once the visitor has moved on.
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
