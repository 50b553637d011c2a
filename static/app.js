/* mdqa: small shared scripts. Text from PDFs is only ever set with textContent, never innerHTML. */
(function () {
  "use strict";

  var mdqa = (window.mdqa = window.mdqa || {});

  /* ------------------------------------------------------------------ helpers */

  mdqa.el = function (tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === "text") node.textContent = value;
        else if (key === "className") node.className = value;
        else node.setAttribute(key, value === true ? "" : String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  };

  /* A readable message from an API error: the JSON `detail`, else the status line. */
  mdqa.errorMessage = function (status, bodyText) {
    var detail = null;
    try {
      var parsed = JSON.parse(bodyText);
      if (parsed && parsed.detail !== undefined) {
        detail = typeof parsed.detail === "string" ? parsed.detail : JSON.stringify(parsed.detail);
      }
    } catch (e) { /* not JSON */ }
    if (detail) return detail;
    if (status === 0) return "The server could not be reached. Is mdqa still running?";
    if (status === 413) return "The file is too large for this server.";
    return "The request failed (HTTP " + status + ").";
  };

  mdqa.fetchJSON = function (url, options) {
    return fetch(url, options).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) {
          var error = new Error(mdqa.errorMessage(response.status, text));
          error.status = response.status;
          throw error;
        }
        return text ? JSON.parse(text) : null;
      });
    }, function () {
      throw new Error(mdqa.errorMessage(0, ""));
    });
  };

  mdqa.showError = function (slot, message) {
    if (!slot) { window.alert(message); return; }
    slot.textContent = message;
    slot.hidden = !message;
  };

  mdqa.readContext = function (id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : {};
  };

  mdqa.viewerUrl = function (documentId, page, nodeId) {
    var params = [];
    if (page) params.push("page=" + encodeURIComponent(page));
    if (nodeId) params.push("highlight=" + encodeURIComponent(nodeId));
    return "/documents/" + encodeURIComponent(documentId) + (params.length ? "?" + params.join("&") : "");
  };

  mdqa.shorten = function (text, n) {
    text = String(text || "").replace(/\s+/g, " ").trim();
    return text.length > n ? text.slice(0, n - 1) + "…" : text;
  };

  /* ------------------------------------------------------------------ graph look (cytoscape) */

  mdqa.KIND_COLORS = { document: "#4f46e5", page: "#0891b2", table: "#d97706", passage: "#16a34a" };
  mdqa.EDGE_COLORS = {
    contains: "#94a3b8", next: "#64748b", keyword: "#d97706", semantic: "#7c3aed",
    mention: "#db2777", entity: "#0d9488"
  };

  mdqa.cyStyle = function () {
    var style = [
      { selector: "node", style: {
        "background-color": "#94a3b8", "label": "data(label)", "font-size": 10, "color": "#1f2937",
        "text-valign": "bottom", "text-halign": "center", "text-margin-y": 4, "width": 22, "height": 22,
        "text-wrap": "ellipsis", "text-max-width": 110, "border-width": 0,
        "text-background-color": "#ffffff", "text-background-opacity": 0.8, "text-background-padding": 1
      } },
      { selector: "edge", style: {
        "width": 1.5, "line-color": "#cbd5e1", "target-arrow-color": "#cbd5e1", "target-arrow-shape": "triangle",
        "curve-style": "bezier", "label": "data(kind)", "font-size": 8, "color": "#64748b",
        "text-rotation": "autorotate", "text-background-color": "#ffffff", "text-background-opacity": 0.85,
        "text-background-padding": 1, "arrow-scale": 0.8
      } },
      { selector: "node.seed", style: { "border-width": 4, "border-color": "#111827", "border-style": "double" } },
      { selector: "node.centre", style: { "width": 34, "height": 34, "border-width": 3, "border-color": "#111827" } },
      { selector: "node:selected", style: { "border-width": 3, "border-color": "#e11d48" } }
    ];
    Object.keys(mdqa.KIND_COLORS).forEach(function (kind) {
      style.push({ selector: "node[kind = '" + kind + "']", style: { "background-color": mdqa.KIND_COLORS[kind] } });
    });
    Object.keys(mdqa.EDGE_COLORS).forEach(function (kind) {
      style.push({ selector: "edge[kind = '" + kind + "']", style: {
        "line-color": mdqa.EDGE_COLORS[kind], "target-arrow-color": mdqa.EDGE_COLORS[kind]
      } });
    });
    style.push({ selector: "edge[kind = 'contains'], edge[kind = 'next']", style: { "line-style": "dashed" } });
    return style;
  };

  /* After a layout fits a small graph, do not blow it up: keep labels at a readable size. */
  mdqa.settleZoom = function (cy, most) {
    if (cy.zoom() > (most || 1.25)) {
      cy.zoom(most || 1.25);
      cy.center();
    }
  };

  mdqa.renderLegend = function (slot, edgeKinds) {
    if (!slot) return;
    slot.textContent = "";
    Object.keys(mdqa.KIND_COLORS).forEach(function (kind) {
      var swatch = mdqa.el("span", { className: "swatch round" });
      swatch.style.background = mdqa.KIND_COLORS[kind];
      slot.appendChild(mdqa.el("span", { className: "legend-item" }, [swatch, kind]));
    });
    (edgeKinds || []).forEach(function (kind) {
      var line = mdqa.el("span", { className: "swatch line" });
      line.style.background = mdqa.EDGE_COLORS[kind] || "#cbd5e1";
      slot.appendChild(mdqa.el("span", { className: "legend-item" }, [line, kind + " edge"]));
    });
  };

  /* A node's text and where it is, built with textContent only. */
  mdqa.renderNodeDetail = function (slot, node, documents, extra) {
    slot.textContent = "";
    slot.hidden = false;
    var where = [];
    var path = documents && documents[node.document_id];
    if (path) where.push(path);
    if (node.page) where.push("page " + node.page);
    var head = mdqa.el("div", { className: "detail-head" }, [
      mdqa.el("span", { className: "badge kind-" + node.kind, text: node.kind }),
      " ",
      mdqa.el("strong", { text: mdqa.shorten(node.label || node.id, 80) })
    ]);
    slot.appendChild(head);
    if (where.length) slot.appendChild(mdqa.el("p", { className: "muted small", text: where.join(" · ") }));
    if (extra) slot.appendChild(mdqa.el("p", { className: "muted small", text: extra }));
    if (node.text) slot.appendChild(mdqa.el("p", { className: "passage-text", "data-testid": "node-text", text: node.text }));
    var links = mdqa.el("p", { className: "small" });
    if (node.document_id) {
      var highlight = node.kind === "passage" || node.kind === "table" ? node.id : null;
      links.appendChild(mdqa.el("a", { href: mdqa.viewerUrl(node.document_id, node.page, highlight), text: "Open in viewer" }));
    }
    slot.appendChild(links);
    return links;
  };

  /* ------------------------------------------------------------------ delete buttons (with confirmation) */

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-delete-url]");
    if (!button) return;
    event.preventDefault();
    if (!window.confirm(button.getAttribute("data-confirm") || "Delete?")) return;
    button.disabled = true;
    var slot = document.querySelector("[data-error-slot]");
    fetch(button.getAttribute("data-delete-url"), { method: "DELETE" }).then(function (response) {
      if (response.ok) {
        var after = button.getAttribute("data-after");
        if (after === "refresh") {
          document.body.dispatchEvent(new CustomEvent("mdqa:refresh"));
        } else if (after) {
          window.location.assign(after);
        } else {
          var row = button.closest("[data-delete-row]");
          if (row) row.remove();
          else window.location.reload();
        }
        return;
      }
      return response.text().then(function (text) {
        button.disabled = false;
        mdqa.showError(slot, mdqa.errorMessage(response.status, text));
      });
    }, function () {
      button.disabled = false;
      mdqa.showError(slot, mdqa.errorMessage(0, ""));
    });
  });

  /* ------------------------------------------------------------------ uploads */

  var HIDDEN = /(^|\/)\./;

  function isPdfName(name) { return /\.pdf$/i.test(name); }

  function walkEntry(entry, prefix, out) {
    return new Promise(function (resolve) {
      if (entry.isFile) {
        entry.file(function (file) { out.push({ file: file, path: prefix + file.name }); resolve(); },
                   function () { resolve(); });
      } else if (entry.isDirectory) {
        var reader = entry.createReader();
        var children = [];
        var readBatch = function () {
          reader.readEntries(function (batch) {
            if (!batch.length) {
              Promise.all(children.map(function (child) {
                return walkEntry(child, prefix + entry.name + "/", out);
              })).then(resolve);
              return;
            }
            children = children.concat(Array.prototype.slice.call(batch));
            readBatch();
          }, function () { resolve(); });
        };
        readBatch();
      } else {
        resolve();
      }
    });
  }

  function setupUpload(section) {
    var url = section.getAttribute("data-upload-url");
    var list = section.querySelector("[data-upload-list]");
    var queue = [];
    var active = 0;
    var PARALLEL = 3;

    function refreshDocuments() {
      document.body.dispatchEvent(new CustomEvent("mdqa:refresh"));
    }

    function addItem(path) {
      var bar = mdqa.el("div", { className: "progress-bar" });
      var status = mdqa.el("span", { className: "upload-status", text: "waiting" });
      var item = mdqa.el("li", { className: "upload-item", "data-testid": "upload-item", "data-state": "waiting" }, [
        mdqa.el("span", { className: "upload-name", text: path }),
        mdqa.el("div", { className: "progress" }, [bar]),
        status
      ]);
      list.prepend(item);
      return {
        set: function (state, text, fraction) {
          item.setAttribute("data-state", state);
          item.className = "upload-item is-" + state;
          status.textContent = text;
          if (fraction !== undefined) bar.style.width = Math.round(fraction * 100) + "%";
        }
      };
    }

    function pump() {
      while (active < PARALLEL && queue.length) {
        active += 1;
        send(queue.shift()).then(function () {
          active -= 1;
          refreshDocuments();
          pump();
          if (!active && !queue.length) {
            // A refresh dispatched while htmx swaps the table in is heard by neither the old table nor the new one
            // (a fast failure's refresh swapped in a table that had stopped polling, and the next upload never
            // showed): one more once the last upload is done, after the swap has settled.
            setTimeout(refreshDocuments, 1000);
          }
        });
      }
    }

    var passwordInput = section.querySelector("[data-upload-password]");

    function send(job) {
      return new Promise(function (resolve) {
        var form = new FormData();
        form.append("files", job.file, job.path);
        if (job.password) form.append("password", job.password);
        var xhr = new XMLHttpRequest();
        xhr.open("POST", url);
        xhr.upload.addEventListener("progress", function (event) {
          if (event.lengthComputable) {
            job.item.set("uploading", "uploading " + Math.round((100 * event.loaded) / event.total) + "%",
                         event.loaded / event.total);
          }
        });
        xhr.addEventListener("load", function () {
          if (xhr.status >= 200 && xhr.status < 300) {
            var body = {};
            try { body = JSON.parse(xhr.responseText); } catch (e) { /* keep empty */ }
            var doc = body.documents && body.documents[0];
            if (body.rejected && body.rejected.length) {
              job.item.set("rejected", "refused: " + body.rejected[0].detail, 1);
            } else if (doc && doc.duplicate) {
              job.item.set("duplicate", "already in this collection" +
                           (doc.path !== doc.uploaded_as ? " (as " + doc.path + ")" : ""), 1);
            } else {
              job.item.set("done", "uploaded", 1);
            }
          } else {
            job.item.set("rejected", "refused: " + mdqa.errorMessage(xhr.status, xhr.responseText), 1);
          }
          resolve();
        });
        xhr.addEventListener("error", function () {
          job.item.set("rejected", "failed: " + mdqa.errorMessage(0, ""), 0);
          resolve();
        });
        job.item.set("uploading", "uploading 0%", 0);
        xhr.send(form);
      });
    }

    /* entries: [{file, path}]; fromFolder: skip files that are not PDFs (listed as skipped). */
    function enqueue(entries, fromFolder) {
      entries.forEach(function (entry) {
        if (HIDDEN.test(entry.path)) return;
        if (fromFolder && !isPdfName(entry.path)) {
          addItem(entry.path).set("skipped", "skipped: not a .pdf file", 0);
          return;
        }
        // The password typed when the files were chosen goes with them (only to the server, never kept here).
        queue.push({ file: entry.file, path: entry.path, item: addItem(entry.path),
                     password: passwordInput ? passwordInput.value : "" });
      });
      pump();
    }

    section.querySelectorAll("input[type=file]").forEach(function (input) {
      input.addEventListener("change", function () {
        var folder = input.getAttribute("data-upload-kind") === "folder";
        var entries = Array.prototype.map.call(input.files, function (file) {
          return { file: file, path: file.webkitRelativePath || file.name };
        });
        enqueue(entries, folder);
        input.value = "";
      });
    });

    var zone = section.querySelector("[data-dropzone]");
    if (!zone) return;
    ["dragenter", "dragover"].forEach(function (name) {
      zone.addEventListener(name, function (event) {
        event.preventDefault();
        zone.classList.add("is-over");
      });
    });
    ["dragleave", "drop"].forEach(function (name) {
      zone.addEventListener(name, function () { zone.classList.remove("is-over"); });
    });
    zone.addEventListener("drop", function (event) {
      event.preventDefault();
      var items = event.dataTransfer.items;
      var entries = [];
      var walks = [];
      var anyFolder = false;
      if (items && items.length && items[0].webkitGetAsEntry) {
        Array.prototype.forEach.call(items, function (item) {
          var entry = item.kind === "file" ? item.webkitGetAsEntry() : null;
          if (!entry) return;
          if (entry.isDirectory) anyFolder = true;
          walks.push(walkEntry(entry, "", entries));
        });
      }
      if (walks.length) {
        Promise.all(walks).then(function () {
          entries.sort(function (a, b) { return a.path.localeCompare(b.path); });
          enqueue(entries, anyFolder);
        });
      } else {
        enqueue(Array.prototype.map.call(event.dataTransfer.files, function (file) {
          return { file: file, path: file.name };
        }), false);
      }
    });
  }

  /* ------------------------------------------------------------------ unlocking an encrypted document */

  document.addEventListener("submit", function (event) {
    var form = event.target.closest("[data-unlock-url]");
    if (!form) return;
    event.preventDefault();
    var input = form.querySelector("input[type=password]");
    var slot = form.querySelector("[data-unlock-error]");
    var button = form.querySelector("button");
    button.disabled = true;
    mdqa.fetchJSON(form.getAttribute("data-unlock-url"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: input.value })
    }).then(function () {
      input.value = "";
      document.body.dispatchEvent(new CustomEvent("mdqa:refresh"));
    }, function (error) {
      button.disabled = false;
      mdqa.showError(slot, error.message);
    });
  });

  /* ------------------------------------------------------------------ document viewer */

  function setupViewer() {
    var highlight = document.querySelector("[data-testid=highlight]");
    var target = highlight || document.querySelector(".doc-table.is-highlight");
    if (target) {
      var scroll = function () { target.scrollIntoView({ block: "center", behavior: "auto" }); };
      var image = document.querySelector("[data-testid=page-image]");
      if (image && !image.complete) image.addEventListener("load", scroll, { once: true });
      scroll();
    }
    document.querySelectorAll("[data-focus-box]").forEach(function (item) {
      var box = document.getElementById(item.getAttribute("data-focus-box"));
      if (!box) return;
      item.addEventListener("mouseenter", function () { box.classList.add("is-focus"); });
      item.addEventListener("mouseleave", function () { box.classList.remove("is-focus"); });
      item.addEventListener("click", function (event) {
        if (event.target.closest("a")) return;
        box.scrollIntoView({ block: "center", behavior: "smooth" });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-upload-url]").forEach(setupUpload);
    if (document.querySelector("[data-testid=page-image]")) setupViewer();
  });
})();
