/** Types of scripts/check-web-budgets.mjs, for the bench (TypeScript). */
export interface PageJs {
  route: string;
  chunks: number;
  gzipBytes: number;
}
export function firstLoadJs(distDir?: string): PageJs[];
export function readBudgets(): {
  firstLoadJsKb: { goalKb: number; default: number; pages: Record<string, number> };
  serverHtmlKb: { goalKb: number };
};
