"""An answer's Markdown as sanitised HTML, its `[n]` markers as links to the cited evidence.

Answer text is untrusted twice over: it quotes PDFs, and an LLM may write anything (raw HTML, `javascript:` links).
markdown-it-py parses CommonMark with GFM tables and strikethrough, raw HTML off (it stays visible text); nh3
(the Ammonia sanitiser) then keeps only an allow-list of tags, attributes and URL schemes. Citation markers are
turned into links by a markdown-it inline rule, so they are never looked for inside attributes or code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote, urlencode

import nh3
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

ALLOWED_TAGS = {
    "p", "br", "hr", "strong", "em", "del", "s", "code", "pre", "blockquote", "ul", "ol", "li", "a",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "caption", "sup",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class", "data-marker", "data-node-id", "data-document-id", "data-page", "data-testid"},
    "th": {"style"},
    "td": {"style"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}


def _citation_rule(state: StateInline, silent: bool) -> bool:
    """`[12]` (not followed by `(`, which makes it a link) -> a citation token."""
    src, pos = state.src, state.pos
    if src[pos] != "[":
        return False
    end = pos + 1
    while end < state.posMax and src[end].isdigit():
        end += 1
    if end == pos + 1 or end >= state.posMax or src[end] != "]":
        return False
    if end + 1 < state.posMax and src[end + 1] == "(":
        return False
    if not silent:
        token = state.push("citation", "", 0)
        token.meta = {"marker": int(src[pos + 1 : end])}
    state.pos = end + 1
    return True


def viewer_url(citation: Mapping[str, Any]) -> str:
    """The viewer's address for a cited node: its page, the node boxed (as static/app.js's viewerUrl)."""
    params = {}
    if citation.get("page"):
        params["page"] = str(citation["page"])
    if citation.get("node_id"):
        params["highlight"] = str(citation["node_id"])
    url = "/documents/" + quote(str(citation.get("document_id", "")), safe="")
    return f"{url}?{urlencode(params)}" if params else url


def _render_citation(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    marker = tokens[idx].meta["marker"]
    citation = env.get("citations", {}).get(marker)
    if citation is None:
        return f"[{marker}]"
    esc = self.escapeHtml if hasattr(self, "escapeHtml") else _escape
    where = f"{citation.get('filename') or 'document'}" + (f", page {citation['page']}" if citation.get("page") else "")
    return (
        f'<a class="citation" href="{esc(viewer_url(citation))}" title="{esc(where)}" data-testid="citation" '
        f'data-marker="{marker}" data-node-id="{esc(str(citation.get("node_id", "")))}" '
        f'data-document-id="{esc(str(citation.get("document_id", "")))}" '
        f'data-page="{esc(str(citation.get("page") or ""))}">[{marker}]</a>'
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.inline.ruler.before("link", "citation", _citation_rule)
    md.add_render_rule("citation", _render_citation)
    return md


_MD = _parser()


def answer_html(text: str, citations: Sequence[Mapping[str, Any]] = ()) -> str:
    """`text` (Markdown with `[n]` markers) as safe HTML; markers with a citation become links to the viewer."""
    env = {"citations": {int(c["marker"]): c for c in citations if str(c.get("marker", "")).isdecimal()}}
    html = _MD.render(text or "", env)
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        filter_style_properties={"text-align"},
    )
