/** The parts of parse-prometheus-text-format (no types of its own) the metrics test uses. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    value: string;
    labels?: Record<string, string>;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: string;
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
