import { html, SafeHtml } from './html';
import { PAGE_STYLESHEET_PATH } from './page-styles';

/** A whole page: the shared head, the brand line and one card holding `body`. */
export function renderPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Gatehouse</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}">
</head>
<body>
<header class="brand" aria-label="Gatehouse">Gate<span>house</span></header>
<main class="card">
${body}
</main>
</body>
</html>
`.value;
}
