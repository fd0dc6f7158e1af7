// One ESLint for many probes: reads one JSON request per line ({ id, filePath, code }) and answers
// one JSON line per request ({ id, ruleIds }), in order. Loading ESLint with the repository's
// flat config costs seconds; the specs that show a rule bites ask it dozens of times.
import { ESLint } from 'eslint';
import { createInterface } from 'node:readline';

const eslint = new ESLint({ cwd: process.cwd() });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, filePath, code } = JSON.parse(line);
  try {
    const [result] = await eslint.lintText(code, { filePath });
    const ruleIds = result.messages.map((message) => message.ruleId ?? message.message);
    process.stdout.write(`${JSON.stringify({ id, ruleIds })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`);
  }
}
