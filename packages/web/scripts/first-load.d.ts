// Types of first-load.js (plain JavaScript: it runs with node as it is).
export declare const FIRST_LOAD_BUDGET: number;
export declare function staticImports(code: string): string[];
export declare function firstLoad(dist?: string): {
  files: { file: string; bytes: number; gzip: number }[];
  total: number;
};
