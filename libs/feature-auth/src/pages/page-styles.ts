/** The pages' one stylesheet, served from `PAGE_STYLESHEET_PATH` (the CSP allows no inline style). */
export const PAGE_STYLESHEET_PATH = '/oauth/assets/pages.css';

export const PAGE_STYLESHEET = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --accent: #1a56db;
  --accent-ink: #fff; --warn-bg: #fff8e6; --warn-line: #e3b341; --error-bg: #fdeceb; --error-line: #d1242f; }
* { box-sizing: border-box; }
html, body { margin: 0; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: #f6f8fa; min-height: 100vh; display: flex; flex-direction: column; align-items: center; }
header.brand { margin: 40px 0 16px; font-weight: 700; font-size: 20px; letter-spacing: .02em; }
header.brand span { color: var(--accent); }
main.card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 28px 32px;
  width: min(460px, calc(100vw - 32px)); box-shadow: 0 1px 3px rgba(31,35,40,.06); margin-bottom: 40px; }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 16px; }
h2 { font-size: 15px; margin: 20px 0 8px; }
p { margin: 0 0 12px; }
.muted { color: var(--muted); font-size: 14px; }
label { display: block; font-weight: 600; margin: 0 0 6px; }
input[type=text], input[type=email], input[type=password] { width: 100%; font: inherit; padding: 9px 12px; border: 1px solid var(--line);
  border-radius: 6px; margin-bottom: 16px; }
input:focus-visible, button:focus-visible { outline: 3px solid rgba(26,86,219,.35); outline-offset: 1px; }
button { font: inherit; font-weight: 600; padding: 9px 18px; border-radius: 6px; border: 1px solid var(--line);
  background: #f6f8fa; color: var(--ink); cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); }
button.wide { width: 100%; }
.actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 24px; }
.alert { border: 1px solid var(--error-line); background: var(--error-bg); border-radius: 6px; padding: 10px 12px; margin-bottom: 16px; }
.warning { border: 1px solid var(--warn-line); background: var(--warn-bg); border-radius: 6px; padding: 10px 12px; margin: 12px 0; font-size: 14px; }
.scope { display: flex; align-items: flex-start; gap: 10px; padding: 8px 0; border-top: 1px solid var(--line); }
.scope:first-of-type { border-top: 0; }
.scope input { margin-top: 4px; width: 16px; height: 16px; flex: none; }
.scope label { font-weight: 400; margin: 0; }
.scope code, .client-id code { font-size: 13px; background: #f6f8fa; border-radius: 4px; padding: 1px 5px; white-space: nowrap; }
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px 10px; margin: 16px 0 0; }
legend { font-weight: 600; padding: 0 4px; }
.org { display: flex; align-items: flex-start; gap: 10px; padding: 6px 0; }
.org input { margin-top: 5px; width: 16px; height: 16px; }
.org label { font-weight: 400; margin: 0; }
.org .required { display: block; color: var(--muted); font-size: 13px; }
a { color: var(--accent); }
[hidden] { display: none !important; }
.passkey { margin-top: 12px; }
.links { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin: 16px 0 0; font-size: 14px; }
.hint { color: var(--muted); font-size: 13px; margin: -10px 0 16px; }
.who { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; margin-bottom: 8px; }
`;
