/*
 * Embeddable search box for partner sites:
 *   <div id="oddkit-search"></div>
 *   <script type="module">import { mountSearch } from "https://klappy.dev/widget/search-widget.js"; mountSearch(document.getElementById("oddkit-search"), "disclosure");</script>
 */
const ENDPOINT = "https://oddkit.klappy.dev/mcp?consumer=search-widget";

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
}

export function mountSearch(el, query) {
  el.innerHTML = '<p class="oddkit-loading">Searching…</p>';
  return fetch(ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_search", arguments: { input: query } },
    }),
  })
    .then((res) => res.json())
    .then((rpc) => JSON.parse(rpc.result.content[0].text))
    .then((envelope) => {
      const hits = envelope.result.hits;
      if (!hits.length) {
        el.innerHTML = '<p class="oddkit-empty">Nothing found.</p>';
        return;
      }
      el.innerHTML =
        '<ol class="oddkit-results">' +
        hits
          .map((h) => `<li><a href="https://klappy.dev/read?uri=${encodeURIComponent(h.uri)}">${escapeHtml(h.title)}</a></li>`)
          .join("") +
        "</ol>";
    })
    .catch(() => {
      el.innerHTML = '<p class="oddkit-error">Search is unavailable.</p>';
    });
}
