"""Answer Markdown as sanitised HTML: GFM tables, citation links, and no way for PDF or LLM text to run script."""

from __future__ import annotations

import re

from app.qa.markdown import answer_html

CITATIONS = [
    {"marker": 1, "node_id": "n1", "document_id": "d1", "page": 4, "filename": "eu-004.pdf", "kind": "table"},
    {"marker": 2, "node_id": "n2", "document_id": "d2", "page": None, "filename": "b.pdf", "kind": "document"},
]


def test_gfm_table_becomes_an_html_table_with_its_caption() -> None:
    text = "Table 6.4: Outlets per state [1]\n\n| State | Inhabitants per outlet |\n|---|--:|\n| Austria | 1,204 |\n"
    html = answer_html(text, CITATIONS)
    assert "<table>" in html and "<th>State</th>" in html and "<td>Austria</td>" in html
    assert '<td style="text-align:right">1,204</td>' in html
    assert "|" not in html  # never raw pipe text
    assert html.index("Table 6.4") < html.index("<table>")


def test_markers_link_to_the_viewer_and_unknown_ones_stay_text() -> None:
    html = answer_html("**Austria** has the most [1][2], see also [3].", CITATIONS)
    links = re.findall(r'<a class="citation" href="([^"]+)"[^>]*data-marker="(\d)"', html)
    assert links == [("/documents/d1?page=4&amp;highlight=n1", "1"), ("/documents/d2?highlight=n2", "2")]
    assert "[3]" in html and 'data-marker="3"' not in html
    assert "<strong>Austria</strong>" in html


def test_script_and_javascript_links_in_an_answer_are_inert() -> None:
    text = (
        "The PDF says <script>alert('x')</script> and <img src=x onerror=alert(1)> [1].\n\n"
        "[click](javascript:alert(1)) <a href=\"javascript:alert(2)\">raw</a> [ok](https://example.org) "
        '[t](https://example.org "[1]") `[1]`'
    )
    html = answer_html(text, CITATIONS)
    assert "<script" not in html and "<img" not in html  # raw HTML is shown as text, never parsed
    assert "&lt;script&gt;" in html
    assert re.search(r"<a [^>]*href=\"\s*javascript", html, re.I) is None  # no link runs script
    assert '<a href="https://example.org" rel="noopener noreferrer nofollow">ok</a>' in html
    # Markers are linked in text only: never inside an attribute or code.
    assert 'title="[1]"' in html and "<code>[1]</code>" in html
    assert html.count('class="citation"') == 1
