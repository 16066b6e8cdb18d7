/**
 * The frame of the package's HTML reports (`batch --report`, `tune
 * --report`): one self-contained page, no script, and a Content Security
 * Policy that lets it fetch nothing, so it opens the same offline, from an
 * e-mail or in an archive years later.
 */

/**
 * Text from the caller's data (file names, domains, codes) made safe for
 * HTML text and attribute values: a page never runs what a file holds.
 *
 * @example
 * escapeHtml('<script>"x"</script>'); // '&#60;script&#62;&#34;x&#34;&#60;/script&#62;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The house style every report starts from; a report adds its own rules after it. */
const BASE_CSS = `body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2430; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 4px; } h2 small { font-weight: normal; color: #5b6677; }
h3 { font-size: 13px; margin: 0 0 6px; color: #3b4658; text-transform: uppercase; letter-spacing: .04em; }`;

/**
 * A whole report page: the head (charset, the fetch-nothing policy, the
 * viewport, `title` escaped, the base style and `css`) and `body`, which
 * the caller has escaped.
 *
 * @example
 * reportPage('identity-signals batch report: x.csv', '.bar { fill: #3867d6; }', '<h1>Batch report</h1>').startsWith('<!doctype html>'); // true
 */
export function reportPage(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${BASE_CSS}
${css}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
