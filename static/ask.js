/* Ask page: question → answer with citation links, evidence graph (cytoscape) and evidence list; history. */
(function () {
  "use strict";
  var mdqa = window.mdqa;
  var context, form, errorSlot, loading, resultBox, cy = null;

  function $(id) { return document.getElementById(id); }

  function options() {
    var data = new FormData(form);
    return {
      retriever: data.get("retriever") || "kgp",
      budget: parseInt(data.get("budget"), 10) || 10,
      branching: parseInt(data.get("branching"), 10) || 3,
      llm: data.get("llm") || "local"
    };
  }

  function ask(question) {
    mdqa.showError(errorSlot, "");
    loading.hidden = false;
    form.querySelector("[data-testid=ask-submit]").disabled = true;
    var sent = options();
    return mdqa.fetchJSON("/api/collections/" + encodeURIComponent(context.collection_id) + "/ask", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question: question, options: sent })
    }).then(function (result) {
      if (!result.options) result.options = sent;
      render(result);
      loadHistory();
    }, function (error) {
      mdqa.showError(errorSlot, error.message);
    }).then(function () {
      loading.hidden = true;
      form.querySelector("[data-testid=ask-submit]").disabled = false;
    });
  }

  /* ---------------------------------------------------------------- answer */

  function citationLink(citation) {
    var label = "[" + citation.marker + "]";
    var where = (citation.filename || "") + (citation.page ? ", page " + citation.page : "");
    return mdqa.el("a", {
      className: "citation",
      href: mdqa.viewerUrl(citation.document_id, citation.page, citation.node_id),
      title: where + (citation.text ? " — " + mdqa.shorten(citation.text, 200) : ""),
      "data-testid": "citation",
      "data-marker": citation.marker,
      "data-page": citation.page || "",
      "data-node-id": citation.node_id,
      text: label
    });
  }

  function renderAnswer(result) {
    var slot = $("answer");
    slot.textContent = "";
    var byMarker = {};
    (result.citations || []).forEach(function (c) { byMarker[String(c.marker)] = c; });
    var text = String(result.answer || "");
    var paragraphs = text.split(/\n{2,}/);
    paragraphs.forEach(function (paragraph) {
      var p = mdqa.el("p");
      var pattern = /\[(\d+)\]/g;
      var last = 0;
      var match;
      while ((match = pattern.exec(paragraph)) !== null) {
        if (match.index > last) p.appendChild(document.createTextNode(paragraph.slice(last, match.index)));
        var citation = byMarker[match[1]];
        p.appendChild(citation ? citationLink(citation) : document.createTextNode(match[0]));
        last = pattern.lastIndex;
      }
      if (last < paragraph.length) p.appendChild(document.createTextNode(paragraph.slice(last)));
      slot.appendChild(p);
    });
    if (!text.trim()) slot.appendChild(mdqa.el("p", { className: "muted", text: "No answer was found." }));

    var list = $("citations");
    list.textContent = "";
    (result.citations || []).forEach(function (c) {
      var where = (context.documents[c.document_id] || c.filename || "document") + (c.page ? " · page " + c.page : "");
      list.appendChild(mdqa.el("li", { value: c.marker }, [
        mdqa.el("a", { href: mdqa.viewerUrl(c.document_id, c.page, c.node_id), text: where }),
        " ",
        mdqa.el("span", { className: "badge kind-" + c.kind, text: c.kind }),
        mdqa.el("div", { className: "passage-text small", text: mdqa.shorten(c.text, 400) })
      ]));
    });
    if (!(result.citations || []).length) list.appendChild(mdqa.el("li", { className: "muted", text: "No sources cited." }));

    var t = result.timings_ms || {};
    var meta = [result.question_type === "structural" ? "structural question" : "content question"];
    if (result.options && result.options.retriever) meta.push("retriever " + result.options.retriever);
    if (t.total !== undefined) meta.push(Math.round(t.total) + " ms");
    meta.push((result.llm_calls || 0) + " LLM call" + (result.llm_calls === 1 ? "" : "s"));
    $("answer-meta").textContent = "“" + mdqa.shorten(result.question, 160) + "” — " + meta.join(" · ");
  }

  /* ---------------------------------------------------------------- evidence */

  function nodeLabel(node) {
    return "h" + node.hop + " · " + mdqa.shorten(node.label || node.kind, 28);
  }

  /* Hops as columns, left to right (seeds first); within a column, children sit in their parents' order. */
  function hopPositions(nodes, edges) {
    var parent = {};
    edges.forEach(function (e) { if (!(e.target in parent)) parent[e.target] = e.source; });
    var columns = {};
    nodes.forEach(function (n, i) {
      var hop = Math.max(0, parseInt(n.hop, 10) || 0);
      (columns[hop] = columns[hop] || []).push({ id: n.id, order: i });
    });
    var rank = {};
    var positions = {};
    Object.keys(columns).map(Number).sort(function (a, b) { return a - b; }).forEach(function (hop) {
      var column = columns[hop];
      column.sort(function (a, b) {
        var pa = parent[a.id] in rank ? rank[parent[a.id]] : -1;
        var pb = parent[b.id] in rank ? rank[parent[b.id]] : -1;
        return pa - pb || a.order - b.order;
      });
      column.forEach(function (item, i) {
        rank[item.id] = i;
        positions[item.id] = { x: hop * 240, y: (i - (column.length - 1) / 2) * 58 };
      });
    });
    return positions;
  }

  function renderEvidenceGraph(result) {
    var evidence = result.evidence || { nodes: [], edges: [] };
    var container = $("evidence-graph");
    var detail = $("node-detail");
    detail.hidden = true;
    var nodes = evidence.nodes || [];
    var ids = {};
    nodes.forEach(function (n) { ids[n.id] = n; });
    var elements = nodes.map(function (n) {
      return { group: "nodes", data: { id: n.id, kind: n.kind, label: nodeLabel(n), hop: n.hop }, classes: n.hop === 0 ? "seed" : "" };
    });
    var edgeKinds = {};
    (evidence.edges || []).forEach(function (e, i) {
      if (!ids[e.source] || !ids[e.target]) return;
      var kind = e.kind || "link";
      edgeKinds[kind] = true;
      elements.push({ group: "edges", data: { id: "e" + i, source: e.source, target: e.target, kind: kind } });
    });
    container.setAttribute("data-node-count", String(nodes.length));
    mdqa.renderLegend($("evidence-legend"), Object.keys(edgeKinds));
    if (cy) { cy.destroy(); cy = null; }
    if (!nodes.length) {
      container.textContent = "";
      container.appendChild(mdqa.el("p", { className: "muted empty-graph", text: "No evidence nodes." }));
      return;
    }
    container.textContent = "";
    if (typeof window.cytoscape !== "function") {
      container.appendChild(mdqa.el("p", { className: "muted empty-graph", text: "The graph library did not load." }));
      return;
    }
    cy = window.cytoscape({
      container: container,
      elements: elements,
      style: mdqa.cyStyle().concat([
        { selector: "node", style: { "text-halign": "right", "text-valign": "center", "text-margin-x": 6,
                                     "text-margin-y": 0, "text-max-width": 150 } },
        { selector: "edge", style: { "curve-style": "unbundled-bezier", "control-point-distances": [0],
                                     "control-point-weights": [0.5] } }
      ]),
      layout: { name: "preset", positions: hopPositions(nodes, evidence.edges || []), fit: true, padding: 24 },
      wheelSensitivity: 0.3,
      minZoom: 0.2,
      maxZoom: 3
    });
    mdqa.settleZoom(cy, 1.2);
    mdqa.evidenceGraph = cy;  // for the browser tests: where a node is drawn
    cy.on("tap", "node", function (event) {
      var node = ids[event.target.id()];
      if (!node) return;
      var extra = "hop " + node.hop + (node.score !== undefined && node.score !== null ? " · score " + Number(node.score).toFixed(3) : "") +
                  (node.hop === 0 ? " · seed" : "");
      mdqa.renderNodeDetail(detail, node, context.documents, extra);
    });
  }

  function renderEvidenceList(result) {
    var list = $("evidence-list");
    list.textContent = "";
    var nodes = (result.evidence && result.evidence.nodes) || [];
    nodes.forEach(function (n) {
      var where = (context.documents[n.document_id] || "document") + (n.page ? " · page " + n.page : "");
      var highlight = n.kind === "passage" || n.kind === "table" ? n.id : null;
      list.appendChild(mdqa.el("li", { "data-testid": "evidence-item", "data-node-id": n.id }, [
        mdqa.el("div", { className: "evidence-head" }, [
          mdqa.el("span", { className: "badge kind-" + n.kind, text: n.kind }),
          mdqa.el("span", { className: "badge hop", text: n.hop === 0 ? "seed" : "hop " + n.hop }),
          mdqa.el("a", { href: mdqa.viewerUrl(n.document_id, n.page, highlight), text: where }),
          n.score !== undefined && n.score !== null ? mdqa.el("span", { className: "muted small", text: "score " + Number(n.score).toFixed(3) }) : null
        ]),
        mdqa.el("div", { className: "passage-text", text: mdqa.shorten(n.text || n.label, 600) })
      ]));
    });
    if (!nodes.length) list.appendChild(mdqa.el("li", { className: "muted", text: "No evidence was retrieved." }));
  }

  function render(result) {
    resultBox.hidden = false;
    renderAnswer(result);
    renderEvidenceGraph(result);
    renderEvidenceList(result);
  }

  /* ---------------------------------------------------------------- history */

  function storedResult(item) {
    if (item.result && typeof item.result === "object") {
      var r = item.result;
      if (!r.question) r.question = item.question;
      if (!r.options && item.options) r.options = item.options;
      return r;
    }
    return item;
  }

  function loadHistory() {
    var list = $("history");
    return mdqa.fetchJSON("/api/collections/" + encodeURIComponent(context.collection_id) + "/questions").then(function (items) {
      list.textContent = "";
      if (items && !Array.isArray(items) && Array.isArray(items.questions)) items = items.questions;
      if (!items || !items.length) {
        list.appendChild(mdqa.el("li", { className: "muted", text: "No questions asked yet." }));
        return;
      }
      items.forEach(function (item) {
        var when = item.created_at ? new Date(item.created_at) : null;
        var button = mdqa.el("button", { type: "button", className: "history-item", "data-testid": "history-item" }, [
          mdqa.el("span", { className: "history-question", text: item.question }),
          mdqa.el("span", { className: "muted small", text: (when && !isNaN(when) ? when.toLocaleString() : "") +
            (item.question_type ? " · " + item.question_type : "") })
        ]);
        button.addEventListener("click", function () {
          $("question").value = item.question;
          mdqa.showError(errorSlot, "");
          render(storedResult(item));
          resultBox.scrollIntoView({ block: "start", behavior: "smooth" });
        });
        list.appendChild(mdqa.el("li", null, [button]));
      });
    }, function (error) {
      list.textContent = "";
      list.appendChild(mdqa.el("li", { className: "muted", text: "Could not load earlier questions: " + error.message }));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    context = mdqa.readContext("ask-context");
    form = $("ask-form");
    errorSlot = $("ask-error");
    loading = $("ask-loading");
    resultBox = $("result");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var question = $("question").value.trim();
      if (!question) { mdqa.showError(errorSlot, "Type a question first."); return; }
      ask(question);
    });
    loadHistory();
    if (context.autoask && $("question").value.trim()) ask($("question").value.trim());
  });
})();
