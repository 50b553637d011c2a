/* The explanation graph (evidence.explanation): a DAG from the question to the cited units and the answer, drawn
   as SVG, the first view of the evidence; the forward tree (the traversal, drawn by ask.js) is one click away.
   Plain SVG rather than cytoscape: the DAG is small and its edges carry their reasons as text. */
(function () {
  "use strict";
  var mdqa = window.mdqa = window.mdqa || {};
  var SVG = "http://www.w3.org/2000/svg";
  var COLUMN = 230, ROW = 64, BOX_W = 176, BOX_H = 40, PAD = 16;

  function svgEl(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* Columns by the longest path from the question, so every edge points rightwards and the answer is last. */
  function layers(explanation) {
    var depth = {}, incoming = {}, out = {};
    explanation.nodes.forEach(function (n) { depth[n.id] = 0; incoming[n.id] = 0; out[n.id] = []; });
    explanation.edges.forEach(function (e) {
      if (!(e.source in out) || !(e.target in out)) return;
      out[e.source].push(e.target);
      incoming[e.target] += 1;
    });
    var ready = explanation.nodes.filter(function (n) { return incoming[n.id] === 0; }).map(function (n) { return n.id; });
    while (ready.length) {
      var id = ready.shift();
      out[id].forEach(function (t) {
        depth[t] = Math.max(depth[t], depth[id] + 1);
        incoming[t] -= 1;
        if (incoming[t] === 0) ready.push(t);
      });
    }
    var sink = explanation.nodes[explanation.nodes.length - 1];
    var last = 0;
    Object.keys(depth).forEach(function (k) { last = Math.max(last, depth[k]); });
    if (sink) depth[sink.id] = last;  /* the answer or verdict closes every chain, in the last column */
    return depth;
  }

  function positions(explanation) {
    var depth = layers(explanation);
    var columns = {};
    explanation.nodes.forEach(function (n) { (columns[depth[n.id]] = columns[depth[n.id]] || []).push(n.id); });
    var tallest = 0;
    Object.keys(columns).forEach(function (c) { tallest = Math.max(tallest, columns[c].length); });
    var at = {};
    Object.keys(columns).forEach(function (c) {
      var column = columns[c];
      column.forEach(function (id, i) {
        at[id] = { x: PAD + Number(c) * COLUMN, y: PAD + (i + (tallest - column.length) / 2) * ROW };
      });
    });
    return { at: at, width: PAD * 2 + (Object.keys(columns).length - 1) * COLUMN + BOX_W, height: PAD * 2 + tallest * ROW };
  }

  function kindLabel(node) {
    if (node.kind === "unit") return node.role || "unit";
    return node.kind;
  }

  mdqa.renderExplanation = function (result) {
    var slot = document.getElementById("explanation-graph");
    var tabs = document.getElementById("evidence-views");
    if (!slot) return;
    slot.textContent = "";
    var explanation = result && result.evidence && result.evidence.explanation;
    var has = !!(explanation && explanation.nodes && explanation.nodes.length);
    slot.setAttribute("data-node-count", has ? String(explanation.nodes.length) : "0");
    slot.setAttribute("data-chains", has ? String((explanation.chains || []).length) : "0");
    if (tabs) tabs.hidden = !has;
    mdqa.showEvidenceView(has ? "explanation" : "tree");
    if (!has) return;
    var laid = positions(explanation);
    var svg = svgEl("svg", { "class": "explain-svg", width: laid.width, height: laid.height,
                             viewBox: "0 0 " + laid.width + " " + laid.height, role: "img",
                             "aria-label": "Why the answer: from the question to the cited passages" });
    var defs = svgEl("defs");
    var marker = svgEl("marker", { id: "explain-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7,
                                   markerHeight: 7, orient: "auto-start-reverse" });
    marker.appendChild(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", "class": "explain-arrowhead" }));
    defs.appendChild(marker);
    svg.appendChild(defs);
    var at = laid.at;
    explanation.edges.forEach(function (e) {
      var a = at[e.source], b = at[e.target];
      if (!a || !b) return;
      var x1 = a.x + BOX_W, y1 = a.y + BOX_H / 2, x2 = b.x, y2 = b.y + BOX_H / 2;
      var g = svgEl("g", { "class": "explain-edge support-" + (e.support || "backward") + " kind-" + e.kind,
                           "data-testid": "explain-edge", "data-source": e.source, "data-target": e.target,
                           "data-kind": e.kind, "data-reason": e.reason });
      g.appendChild(svgEl("title", {}, e.reason));
      var bend = (x2 - x1) / 2;
      g.appendChild(svgEl("path", { d: "M " + x1 + " " + y1 + " C " + (x1 + bend) + " " + y1 + ", " + (x2 - bend) +
                                       " " + y2 + ", " + x2 + " " + y2, "marker-end": "url(#explain-arrow)" }));
      g.appendChild(svgEl("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4, "text-anchor": "middle",
                                    "class": "explain-reason" }, mdqa.shorten(e.reason, 30)));
      svg.appendChild(g);
    });
    explanation.nodes.forEach(function (n) {
      var p = at[n.id];
      var g = svgEl("g", { "class": "explain-node node-" + n.kind + (n.role ? " role-" + n.role : ""),
                           "data-testid": "explain-node", "data-node-id": n.id, "data-kind": n.kind,
                           "data-role": n.role || "", transform: "translate(" + p.x + "," + p.y + ")" });
      g.appendChild(svgEl("title", {}, n.label));
      g.appendChild(svgEl("rect", { width: BOX_W, height: BOX_H, rx: 7, ry: 7 }));
      g.appendChild(svgEl("text", { x: 8, y: 15, "class": "explain-kind" }, kindLabel(n)));
      g.appendChild(svgEl("text", { x: 8, y: 31, "class": "explain-label" }, mdqa.shorten(n.label || n.id, 27)));
      svg.appendChild(g);
    });
    slot.appendChild(svg);
  };

  /* "explanation" or "tree": the other view is hidden; the tree's drawing is refitted once it has a size again. */
  mdqa.showEvidenceView = function (which) {
    var explanationView = document.getElementById("explanation-view");
    var treeView = document.getElementById("tree-view");
    if (!explanationView || !treeView) return;
    explanationView.hidden = which !== "explanation";
    treeView.hidden = which === "explanation";
    ["explanation", "tree"].forEach(function (name) {
      var tab = document.getElementById("view-" + name);
      if (tab) tab.setAttribute("aria-selected", String(name === which));
    });
    if (which === "tree" && mdqa.evidenceGraph) {
      mdqa.evidenceGraph.resize();
      mdqa.evidenceGraph.fit(undefined, 24);
    }
  };

  document.addEventListener("DOMContentLoaded", function () {
    ["explanation", "tree"].forEach(function (name) {
      var tab = document.getElementById("view-" + name);
      if (tab) tab.addEventListener("click", function () { mdqa.showEvidenceView(name); });
    });
  });
})();
