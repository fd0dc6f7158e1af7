import type { BenchReport } from './write-report';

export function renderMarkdown(report: BenchReport): string {
  return `# Benchmarks\n\n\`\`\`json\n${JSON.stringify(report.scenarios.map((s) => s.trials.map((t) => t.ratios)), null, 2)}\n\`\`\`\n`;
}
