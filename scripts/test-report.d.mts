// Types of test-report.mjs for the TypeScript that imports it (its test).
export function failedVitestTests(report: unknown, root?: string): string[];
export function failedPlaywrightTests(report: unknown): string[];
