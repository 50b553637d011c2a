/* Ask page: the question is streamed from the API (server-sent events) into the answer as it is written, its
   [n] markers linked the moment their citation arrives; once done, the page takes the answer's own address
   (/collections/{cid}/questions/{qid}) and shows the server's sanitised HTML of it. A citation opens the cited
   page in a side panel beside the answer, the passage (and a table answer's cell) boxed. PDF and LLM text is
   only ever set with textContent, except the answer HTML that the server sanitised (app/qa/markdown.py). */
(function () {
  "use strict";
  var mdqa = window.mdqa;
  var context, form, errorSlot, loading, resultBox, cy = null;
  var current = null; /* the response being shown: {citations, cell, evidence, ...} */

  function $(id) { return document.getElementById(id); }

  /* What the form says; a field left empty is left out, so the server's configured default applies
     (app/settings.py) instead of a second copy of the defaults here. */
  function options() {
    var data = new FormData(form), sent = {};
    var budget = parseInt(data.get("budget"), 10), branching = parseInt(data.get("branching"), 10);
    if (data.get("retriever")) { sent.retriever = data.get("retriever"); }
    if (budget) { sent.budget = budget; }
    if (branching) { sent.branching = branching; }
    if (data.get("reader")) { sent.reader = data.get("reader"); }
    return sent;
  }

  function questionUrl(id) {
    return "/collections/" + encodeURIComponent(context.collection_id) + "/questions/" + encodeURIComponent(id);
  }

  /* ---------------------------------------------------------------- streaming */

  /* Server-sent events from a fetch body: calls onEvent(name, data) per event. */
  function readEvents(response, onEvent) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffer = "";
    function pump() {
      return reader.read().then(function (step) {
        buffer += decoder.decode(step.value || new Uint8Array(), { stream: !step.done });
        var cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          var block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          var name = "message", data = "";
          block.split("\n").forEach(function (line) {
            if (line.indexOf("event:") === 0) name = line.slice(6).trim();
            else if (line.indexOf("data:") === 0) data += line.slice(5).trim();
          });
          if (data) onEvent(name, JSON.parse(data));
        }
        if (!step.done) return pump();
      });
    }
    return pump();
  }

  function ask(question) {
    mdqa.showError(errorSlot, "");
    loading.hidden = false;
    $("ask-loading-text").textContent = "Searching the documents…";
    form.querySelector("[data-testid=ask-submit]").disabled = true;
    var sent = options();
    var streamed = { text: "", citations: {} };
    var finished = false;
    startAnswer(question);
    return fetch("/api/collections/" + encodeURIComponent(context.collection_id) + "/ask", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
      body: JSON.stringify({ question: question, options: sent, stream: true })
    }).then(function (response) {
      if (!response.ok) {
        return response.text().then(function (text) { throw new Error(mdqa.errorMessage(response.status, text)); });
      }
      return readEvents(response, function (name, data) {
        if (name === "citation") {
          streamed.citations[String(data.marker)] = data;
          renderStreaming(streamed);
        } else if (name === "delta") {
          loading.hidden = true;
          streamed.text += data.text || "";
          renderStreaming(streamed);
        } else if (name === "done") {
          finished = true;
          if (!data.options) data.options = sent;
          showDone(data);
        } else if (name === "error") {
          throw new Error(data.detail || "The answer failed.");
        }
      }).then(function () {
        if (!finished) throw new Error("The answer was cut off before it was complete. Please ask again.");
      });
    }, function () {
      throw new Error(mdqa.errorMessage(0, ""));
    }).catch(function (error) {
      $("answer").setAttribute("data-state", "error");
      // The panel said "writing…": it must not go on saying so once the question was refused or failed.
      $("answer-meta").textContent = "“" + mdqa.shorten(question, 160) + "” — not answered (see the message above)";
      mdqa.showError(errorSlot, error.message);
    }).then(function () {
      loading.hidden = true;
      form.querySelector("[data-testid=ask-submit]").disabled = false;
    });
  }

  function startAnswer(question) {
    resultBox.hidden = false;
    closePanel();
    current = null;
    var slot = $("answer");
    slot.textContent = "";
    slot.setAttribute("data-state", "streaming");
    $("answer-meta").textContent = "“" + mdqa.shorten(question, 160) + "” — writing…";
    $("citations").textContent = "";
    $("evidence-list").textContent = "";
    resultBox.removeAttribute("data-question-id");
  }

  /* While streaming: the text so far, paragraphs as text, [n] as links once their citation has arrived. */
  function renderStreaming(streamed) {
    var slot = $("answer");
    slot.textContent = "";
    streamed.text.split(/\n{2,}/).forEach(function (paragraph) {
      var p = mdqa.el("p", { className: "streaming" });
      var pattern = /\[(\d+)\]/g;
      var last = 0, match;
      while ((match = pattern.exec(paragraph)) !== null) {
        if (match.index > last) p.appendChild(document.createTextNode(paragraph.slice(last, match.index)));
        var citation = streamed.citations[match[1]];
        p.appendChild(citation ? citationLink(citation) : document.createTextNode(match[0]));
        last = pattern.lastIndex;
      }
      if (last < paragraph.length) p.appendChild(document.createTextNode(paragraph.slice(last)));
      slot.appendChild(p);
    });
    current = { citations: Object.keys(streamed.citations).map(function (k) { return streamed.citations[k]; }) };
  }

  function showDone(result) {
    render(result);
    if (result.id) {
      var url = questionUrl(result.id);
      resultBox.setAttribute("data-question-id", result.id);
      if (location.pathname !== url) history.pushState({ questionId: result.id }, "", url);
      document.title = mdqa.shorten(result.question, 60) + " · mdqa";
      addToHistory(result, url);
    }
  }

  function addToHistory(result, url) {
    var list = $("history");
    var empty = $("history-empty");
    if (empty) empty.remove();
    var link = mdqa.el("a", { className: "history-item", href: url, "data-testid": "history-item" }, [
      mdqa.el("span", { className: "history-question", text: result.question }),
      mdqa.el("span", { className: "muted small", text: result.question_type || "" })
    ]);
    list.insertBefore(mdqa.el("li", null, [link]), list.firstChild);
  }

  /* ---------------------------------------------------------------- answer */

  function citationLink(citation) {
    var where = (citation.filename || "") + (citation.page ? ", page " + citation.page : "");
    return mdqa.el("a", {
      className: "citation",
      href: mdqa.viewerUrl(citation.document_id, citation.page, citation.node_id),
      title: where,
      "data-testid": "citation",
      "data-marker": citation.marker,
      "data-page": citation.page || "",
      "data-node-id": citation.node_id,
      "data-document-id": citation.document_id,
      text: "[" + citation.marker + "]"
    });
  }

  function renderAnswer(result) {
    var slot = $("answer");
    /* The server rendered the Markdown and sanitised it with an allow-list (nh3); nothing else goes in as HTML. */
    if (typeof result.answer_html === "string") slot.innerHTML = result.answer_html;
    else slot.textContent = String(result.answer || "");
    if (!String(result.answer || "").trim()) slot.appendChild(mdqa.el("p", { className: "muted", text: "No answer was found." }));
    slot.setAttribute("data-state", "done");

    var list = $("citations");
    list.textContent = "";
    (result.citations || []).forEach(function (c) {
      var where = (context.documents[c.document_id] || c.filename || "document") + (c.page ? " · page " + c.page : "");
      list.appendChild(mdqa.el("li", { value: c.marker }, [
        mdqa.el("a", { href: mdqa.viewerUrl(c.document_id, c.page, c.node_id), className: "source-link", "data-marker": c.marker, text: where }),
        " ",
        mdqa.el("span", { className: "badge kind-" + c.kind, text: c.kind }),
        mdqa.el("div", { className: "passage-text small", text: mdqa.shorten(c.text, 400) })
      ]));
    });
    if (!(result.citations || []).length) list.appendChild(mdqa.el("li", { className: "muted", text: "No sources cited." }));

    var t = result.timings_ms || {};
    var meta = [result.question_type === "structural" ? "structural question" : "content question"];
    if (result.options && result.options.retriever) meta.push("retriever " + result.options.retriever);
    const reader = result.options && (result.options.reader || result.options.llm);  // llm: answers stored before the rename
    if (reader) meta.push(reader === "openai" ? "LLM reader" : "built-in reader");
    if (t.total !== undefined) meta.push(Math.round(t.total) + " ms");
    meta.push((result.llm_calls || 0) + " LLM call" + (result.llm_calls === 1 ? "" : "s"));
    $("answer-meta").textContent = "“" + mdqa.shorten(result.question, 160) + "” — " + meta.join(" · ");
  }

  /* ---------------------------------------------------------------- side panel: the cited page */

  function closePanel() {
    var panel = $("source-panel");
    if (panel) panel.hidden = true;
  }

  function boxStyle(bbox, width, height) {
    if (!bbox || bbox.length !== 4 || !(width > 0) || !(height > 0)) return null;
    var x0 = Math.max(0, Math.min(bbox[0], bbox[2])), x1 = Math.min(width, Math.max(bbox[0], bbox[2]));
    var top = Math.max(0, Math.min(bbox[1], bbox[3])), bottom = Math.min(height, Math.max(bbox[1], bbox[3]));
    return "left:" + (100 * x0 / width) + "%;top:" + (100 * top / height) + "%;width:" +
      Math.max(100 * (x1 - x0) / width, 0.3) + "%;height:" + Math.max(100 * (bottom - top) / height, 0.3) + "%";
  }

  function drawBox(canvas, className, testid, bbox, page, label) {
    var style = boxStyle(bbox, page.width, page.height);
    if (!style) return null;
    var box = mdqa.el("div", { className: "box " + className, style: style, title: label, "data-testid": testid,
                               "data-bbox": JSON.stringify(bbox) });
    canvas.appendChild(box);
    return box;
  }

  function openPanel(citation) {
    var panel = $("source-panel");
    var canvas = $("source-canvas");
    var image = $("source-image");
    var page = citation.page || 1;
    panel.hidden = false;
    panel.setAttribute("data-node-id", citation.node_id);
    panel.setAttribute("data-page", page);
    panel.setAttribute("data-state", "loading");
    $("source-title").textContent = "Source [" + citation.marker + "]";
    $("source-where").textContent = (context.documents[citation.document_id] || citation.filename || "document") + " · page " + page;
    $("source-open").href = mdqa.viewerUrl(citation.document_id, page, citation.node_id);
    $("source-note").textContent = "";
    Array.prototype.slice.call(canvas.querySelectorAll(".box")).forEach(function (b) { b.remove(); });
    var base = "/api/documents/" + encodeURIComponent(citation.document_id) + "/pages/" + page;
    image.src = base + "/image?scale=1.5";
    image.alt = "Page " + page + " of " + (citation.filename || "the document");
    panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
    mdqa.fetchJSON(base).then(function (data) {
      if (panel.getAttribute("data-node-id") !== citation.node_id) return; /* another citation was clicked since */
      var found = (data.passages || []).concat(data.tables || []).filter(function (n) { return n.id === citation.node_id; })[0];
      var notes = [];
      if (found && drawBox(canvas, "box-highlight", "source-highlight", found.bbox, data, "cited " + citation.kind)) {
        notes.push("The cited " + citation.kind + " is boxed.");
      } else {
        notes.push("The cited " + citation.kind + " is this page.");
      }
      /* Every cell the answer read in this table: the one cell, or both values an arithmetic or comparison set
         side by side. */
      var cells = (current && (current.cells && current.cells.length ? current.cells : (current.cell ? [current.cell] : []))) || [];
      var marked = cells.filter(function (cell) {
        return cell.node_id === citation.node_id && cell.bbox &&
          drawBox(canvas, "box-cell", "cell-highlight", cell.bbox, data, cell.row + " / " + cell.column);
      });
      if (marked.length === 1) {
        var cell = marked[0];
        notes.push("The answer's cell (" + cell.row + " / " + cell.column + " = " + cell.value + ") is marked.");
      } else if (marked.length > 1) {
        notes.push("The answer's " + marked.length + " cells (" + marked.map(function (c) { return c.value; }).join(", ") + ") are marked.");
      }
      $("source-note").textContent = notes.join(" ");
      panel.setAttribute("data-state", "ready");
    }, function (error) {
      $("source-note").textContent = "The page could not be loaded: " + error.message;
      panel.setAttribute("data-state", "error");
    });
  }

  function onCitationClick(event) {
    var link = event.target.closest ? event.target.closest("a.citation, a.source-link") : null;
    if (!link || !current || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    var marker = link.getAttribute("data-marker");
    var citation = (current.citations || []).filter(function (c) { return String(c.marker) === marker; })[0];
    if (!citation) return; /* let the link open the viewer */
    event.preventDefault();
    openPanel(citation);
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
    container.textContent = "";
    if (!nodes.length) {
      container.appendChild(mdqa.el("p", { className: "muted empty-graph", text: "No evidence nodes." }));
      return;
    }
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
    current = result;
    resultBox.hidden = false;
    renderAnswer(result);
    renderEvidenceGraph(result);
    if (mdqa.renderExplanation) mdqa.renderExplanation(result);  /* static/explain.js: the first view */
    renderEvidenceList(result);
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
    resultBox.addEventListener("click", onCitationClick);
    $("source-close").addEventListener("click", closePanel);
    /* The page's address changed with pushState when an answer was done: Back and Forward load what the
       address names (the ask page, or a stored answer) from the server, never ask again. */
    window.addEventListener("popstate", function () { location.reload(); });
    var stored = document.getElementById("ask-result");
    if (stored) {
      current = JSON.parse(stored.textContent);
      /* The answer HTML is already on the page (server-rendered); draw the rest around it. */
      renderEvidenceGraph(current);
      if (mdqa.renderExplanation) mdqa.renderExplanation(current);
      renderEvidenceList(current);
      var t = current.timings_ms || {};
      $("answer-meta").textContent = "“" + mdqa.shorten(current.question, 160) + "” — " +
        (current.question_type === "structural" ? "structural question" : "content question") +
        (t.total !== undefined ? " · " + Math.round(t.total) + " ms" : "") +
        " · " + (current.llm_calls || 0) + " LLM call" + (current.llm_calls === 1 ? "" : "s");
    }
  });
})();
