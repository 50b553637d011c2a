/* Graph explorer: collection statistics and the neighbourhood of any node; click a node to re-centre. */
(function () {
  "use strict";
  var mdqa = window.mdqa;
  var context, cy = null, byId = {};

  function $(id) { return document.getElementById(id); }
  function api(path) { return "/api/collections/" + encodeURIComponent(context.collection_id) + path; }

  function loadStats() {
    var slot = $("graph-stats");
    mdqa.fetchJSON(api("/graph/stats")).then(function (stats) {
      slot.textContent = "";
      var group = function (title, counts) {
        var items = Object.keys(counts || {}).map(function (key) {
          return mdqa.el("div", { className: "stat" }, [
            mdqa.el("span", { className: "stat-value", text: String(counts[key]) }),
            mdqa.el("span", { className: "stat-label", text: key })
          ]);
        });
        return mdqa.el("div", { className: "stat-group" }, [mdqa.el("h3", { text: title })].concat(items));
      };
      slot.appendChild(group("Nodes", stats.nodes));
      slot.appendChild(group("Edges", stats.edges));
      if (stats.density !== undefined) {
        slot.appendChild(mdqa.el("div", { className: "stat-group" }, [
          mdqa.el("h3", { text: "Density" }),
          mdqa.el("div", { className: "stat" }, [
            mdqa.el("span", { className: "stat-value", text: Number(stats.density).toPrecision(3) }),
            mdqa.el("span", { className: "stat-label", text: "edges / possible" })
          ])
        ]));
      }
    }, function (error) {
      slot.textContent = "";
      slot.appendChild(mdqa.el("div", { className: "alert alert-error", role: "alert", text: error.message }));
    });
  }

  function label(node) {
    return mdqa.shorten(node.label || node.kind, 30);
  }

  function show(nodeId, depth, push) {
    var errorSlot = $("graph-error");
    mdqa.showError(errorSlot, "");
    if (!nodeId) return;
    $("graph-node").value = nodeId;
    var url = api("/graph?node=" + encodeURIComponent(nodeId) + "&depth=" + encodeURIComponent(depth));
    mdqa.fetchJSON(url).then(function (graph) {
      if (push) {
        var pageUrl = window.location.pathname + "?node=" + encodeURIComponent(nodeId) + "&depth=" + depth;
        window.history.pushState({ node: nodeId, depth: depth }, "", pageUrl);
      }
      draw(graph, nodeId);
    }, function (error) {
      mdqa.showError(errorSlot, error.message);
    });
  }

  function draw(graph, centreId) {
    var container = $("graph-canvas");
    byId = {};
    var nodes = graph.nodes || [];
    nodes.forEach(function (n) { byId[n.id] = n; });
    var elements = nodes.map(function (n) {
      return { group: "nodes", data: { id: n.id, kind: n.kind, label: label(n) }, classes: n.id === centreId ? "centre" : "" };
    });
    var edgeKinds = {};
    (graph.edges || []).forEach(function (e, i) {
      if (!byId[e.source] || !byId[e.target]) return;
      e.kind = e.kind || "link";
      edgeKinds[e.kind] = true;
      var w = e.weight !== undefined && e.weight !== null && e.kind !== "contains" && e.kind !== "next"
        ? e.kind + " " + Number(e.weight).toFixed(2) : e.kind;
      elements.push({ group: "edges", data: { id: "e" + i, source: e.source, target: e.target, kind: e.kind, label: w } });
    });
    container.setAttribute("data-node-count", String(nodes.length));
    mdqa.renderLegend($("graph-legend"), Object.keys(edgeKinds));
    if (cy) { cy.destroy(); cy = null; }
    container.textContent = "";
    if (!nodes.length) {
      container.appendChild(mdqa.el("p", { className: "muted empty-graph", text: "This node has no neighbours." }));
      return;
    }
    if (typeof window.cytoscape !== "function") {
      container.appendChild(mdqa.el("p", { className: "muted empty-graph", text: "The graph library did not load." }));
      return;
    }
    var style = mdqa.cyStyle();
    style.push({ selector: "edge", style: { label: "data(label)" } });
    cy = window.cytoscape({
      container: container,
      elements: elements,
      style: style,
      layout: nodes.length > 1
        ? { name: "concentric", concentric: function (n) { return n.hasClass("centre") ? 2 : 1; },
            levelWidth: function () { return 1; }, minNodeSpacing: 40, padding: 20, animate: false }
        : { name: "grid", padding: 20 },
      wheelSensitivity: 0.3,
      minZoom: 0.2,
      maxZoom: 3
    });
    mdqa.settleZoom(cy);
    var centre = byId[centreId];
    if (centre) describe(centre, true);
    cy.on("tap", "node", function (event) {
      var id = event.target.id();
      if (id === centreId) { describe(byId[id], true); return; }
      show(id, $("graph-depth").value, true);
    });
    cy.on("mouseover", "edge", function (event) {
      var e = event.target;
      $("graph-canvas").title = e.data("kind") + " edge between " +
        label(byId[e.data("source")] || {}) + " and " + label(byId[e.data("target")] || {});
    });
  }

  function describe(node, isCentre) {
    var slot = $("graph-detail");
    var neighbours = cy ? cy.getElementById(node.id).connectedEdges() : null;
    var extra = isCentre && neighbours ? "centre · " + neighbours.length + " link" + (neighbours.length === 1 ? "" : "s") + " shown" : null;
    mdqa.renderNodeDetail(slot, node, context.documents, extra);
    if (neighbours && neighbours.length) {
      var list = mdqa.el("ul", { className: "link-list small" });
      neighbours.forEach(function (edge) {
        var otherId = edge.data("source") === node.id ? edge.data("target") : edge.data("source");
        var other = byId[otherId] || { id: otherId, kind: "?" };
        var button = mdqa.el("button", { type: "button", className: "linkish", text: label(other) });
        button.addEventListener("click", function () { show(otherId, $("graph-depth").value, true); });
        list.appendChild(mdqa.el("li", null, [
          mdqa.el("span", { className: "badge edge-kind", text: edge.data("kind") }), " ", button,
          mdqa.el("span", { className: "muted", text: " (" + other.kind + ")" })
        ]));
      });
      slot.appendChild(mdqa.el("h3", { text: "Linked to" }));
      slot.appendChild(list);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    context = mdqa.readContext("graph-context");
    loadStats();
    $("graph-form").addEventListener("submit", function (event) {
      event.preventDefault();
      show($("graph-node").value.trim(), $("graph-depth").value, true);
    });
    $("graph-document").addEventListener("change", function (event) {
      if (event.target.value) show(event.target.value, $("graph-depth").value, true);
    });
    window.addEventListener("popstate", function (event) {
      var state = event.state || { node: context.node, depth: context.depth };
      show(state.node, state.depth, false);
    });
    if (context.node) show(context.node, context.depth, false);
  });
})();
