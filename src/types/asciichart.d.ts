declare module 'asciichart' {
  export interface PlotConfig {
    min?: number;
    max?: number;
    offset?: number;
    padding?: string;
    height?: number;
    colors?: (string | undefined)[];
    symbols?: string[];
    format?: (x: number, i: number) => string;
  }
  export function plot(series: number[] | number[][], cfg?: PlotConfig): string;
  export const blue: string;
  export const green: string;
  export const yellow: string;
  export const magenta: string;
  export const cyan: string;
  export const red: string;
  export const darkgray: string;
  export const lightgray: string;
  export const reset: string;
  const asciichart: {
    plot: typeof plot;
    blue: string;
    green: string;
    yellow: string;
    magenta: string;
    cyan: string;
    red: string;
    darkgray: string;
    lightgray: string;
    reset: string;
  };
  export default asciichart;
}
