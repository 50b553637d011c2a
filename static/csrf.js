/* CSRF: every state-changing request this page makes to its own origin carries the page's token
   (from <meta name="csrf-token">) in X-CSRF-Token: htmx requests, fetch() and XMLHttpRequest alike. */
(function () {
  "use strict";
  var SAFE = /^(GET|HEAD|OPTIONS)$/i;

  function token() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function sameOrigin(url) {
    try { return new URL(url, window.location.href).origin === window.location.origin; } catch (e) { return false; }
  }

  document.addEventListener("htmx:configRequest", function (event) {
    if (!SAFE.test(event.detail.verb || "")) event.detail.headers["X-CSRF-Token"] = token();
  });

  var nativeFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    init = init || {};
    var method = init.method || (input && input.method) || "GET";
    var url = typeof input === "string" ? input : (input && input.url) || String(input);
    if (!SAFE.test(method) && sameOrigin(url)) {
      var headers = new Headers(init.headers || (input && input.headers) || {});
      headers.set("X-CSRF-Token", token());
      init = Object.assign({}, init, { headers: headers });
    }
    return nativeFetch(input, init);
  };

  // XHR (uploads with progress). htmx also uses XHR but has set the header already: a second one would be
  // appended to the first ("t, t") and refused.
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var setHeader = XMLHttpRequest.prototype.setRequestHeader;
  XMLHttpRequest.prototype.open = function (method, url) {
    this._mdqaUnsafe = !SAFE.test(method) && sameOrigin(url);
    this._mdqaHasToken = false;
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
    if (String(name).toLowerCase() === "x-csrf-token") this._mdqaHasToken = true;
    return setHeader.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this._mdqaUnsafe && !this._mdqaHasToken) setHeader.call(this, "X-CSRF-Token", token());
    return send.apply(this, arguments);
  };
})();
