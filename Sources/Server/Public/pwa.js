// Kiroku as an installed app: registers the service worker, lists the pages kept for offline reading, and keeps
// what is entered with no network (a record, a task step's tick) in IndexedDB until it can be sent. Each is sent as
// the same form post the page makes, with the session's CSRF token. A record carries a client id made here, and the
// server stores one record per client id; a tick says "done" or "not done", never "toggle": so a send that is
// repeated or cut half-way never doubles anything. Without JavaScript none of this runs and the pages work as before.
(function () {
  'use strict';
  var PAGES = 'kiroku-pages';

  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
  }

  function newClientId() {
    if (window.crypto && crypto.randomUUID) { return 'web-' + crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return 'web-' + Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  // ---- The outbox: records waiting to be sent -------------------------------------------------------------
  function openOutbox() {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open('kiroku', 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore('outbox', { keyPath: 'clientId' }); };
      opening.onsuccess = function () { resolve(opening.result); };
      opening.onerror = function () { reject(opening.error); };
    });
  }

  function inStore(mode, work) {
    return openOutbox().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction('outbox', mode);
        var result = work(transaction.objectStore('outbox'));
        transaction.oncomplete = function () { db.close(); resolve(result && 'result' in result ? result.result : undefined); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
      });
    });
  }

  var outbox = {
    pending: function () { return inStore('readonly', function (store) { return store.getAll(); }); },
    keep: function (item) { return inStore('readwrite', function (store) { store.put(item); }).then(showCount); },
    forget: function (clientId) { return inStore('readwrite', function (store) { store.delete(clientId); }); }
  };

  var badge = document.getElementById('pwa-outbox');
  function say(key) {
    if (!badge) { return; }
    document.getElementById('pwa-message').textContent = key ? badge.dataset[key] : '';
    badge.hidden = !key && document.getElementById('pwa-outbox-count').textContent === '0';
  }
  function showCount() {
    return outbox.pending().then(function (items) {
      if (!badge) { return items.length; }
      document.getElementById('pwa-outbox-count').textContent = String(items.length);
      var message = document.getElementById('pwa-message').textContent;
      badge.hidden = items.length === 0 && message === '';
      badge.querySelector('.pwa-badge').hidden = items.length === 0;
      return items.length;
    });
  }

  function csrfToken() {
    var field = document.querySelector('input[name="csrf"]');
    return field ? field.value : '';
  }

  // Sends one kept entry. True: stored (now or by an earlier try); 'rejected': the server refused its values and
  // never will take them; false: try again later (offline, signed out, server trouble). Stored is the form's
  // redirect to its page — not the sign-in page a lapsed session is sent to.
  function send(item) {
    var body = new URLSearchParams(item.form);
    body.set('csrf', csrfToken());
    return fetch(item.action, { method: 'POST', body: body, credentials: 'same-origin', redirect: 'follow' }).then(function (response) {
      var landed = new URL(response.url);
      if (response.ok && response.redirected && !landed.pathname.startsWith('/signin')) { return true; }
      if (response.status === 400 || response.status === 404) { return 'rejected'; }
      return false;
    }, function () { return false; });
  }

  var flushing = null;
  function flush() {
    if (flushing) { return flushing; }
    if (!csrfToken()) { return Promise.resolve(0); }
    flushing = outbox.pending().then(function (items) {
      var sent = 0;
      var rejected = 0;
      return items.reduce(function (previous, item) {
        return previous.then(function (goOn) {
          if (!goOn) { return false; }
          return send(item).then(function (outcome) {
            if (outcome === false) { return false; }
            if (outcome === 'rejected') { rejected += 1; } else { sent += 1; }
            return outbox.forget(item.clientId).then(function () { return true; });
          });
        });
      }, Promise.resolve(true)).then(function () {
        if (rejected > 0) { say('rejected'); } else if (sent > 0) { say('sent'); }
        return showCount().then(function () { return sent; });
      });
    }).finally(function () { flushing = null; });
    return flushing;
  }

  window.KirokuOutbox = { flush: flush, pending: outbox.pending, keep: outbox.keep };

  function localNow() {
    var now = new Date();
    var pad = function (n) { return ('0' + n).slice(-2); };
    return now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()) + 'T' + pad(now.getHours()) + ':' + pad(now.getMinutes());
  }

  var form = document.getElementById('add-record');
  if (form && window.indexedDB) {
    form.addEventListener('submit', function (event) {
      // Online too, the post carries a client id: a double tap or a resent form stores one record.
      var clientId = newClientId();
      var field = form.querySelector('input[name="clientId"]');
      if (!field) {
        field = document.createElement('input');
        field.type = 'hidden';
        field.name = 'clientId';
        form.appendChild(field);
      }
      field.value = clientId;
      if (navigator.onLine) { return; }
      event.preventDefault();
      var when = form.elements.when.value || localNow();
      var item = {
        clientId: clientId,
        action: '/records',
        form: { metric: form.elements.metric.value, value: form.elements.value.value, unit: form.elements.unit.value, when: when, clientId: clientId },
        keptAt: new Date().toISOString()
      };
      outbox.keep(item).then(function () {
        say('queued');
        form.elements.value.value = '';
        return showCount();
      });
    });
  }

  // A step ticked offline: shown ticked at once, kept under the step's own key, so ticking it back before the
  // network returns replaces the waiting tick instead of queueing a second one.
  document.querySelectorAll('form.tick').forEach(function (tick) {
    tick.addEventListener('submit', function (event) {
      if (navigator.onLine || !window.indexedDB) { return; }
      event.preventDefault();
      var state = tick.querySelector('input[name="done"]');
      var done = state.value;
      outbox.keep({ clientId: 'tick:' + tick.getAttribute('action'), action: tick.getAttribute('action'), form: { done: done }, keptAt: new Date().toISOString() }).then(function () {
        var button = tick.querySelector('button.check');
        state.value = done === '1' ? '0' : '1';
        button.setAttribute('aria-pressed', done === '1' ? 'true' : 'false');
        button.classList.toggle('checked', done === '1');
        button.querySelector('[aria-hidden]').textContent = done === '1' ? '☑' : '☐';
        if (tick.parentElement) { tick.parentElement.classList.toggle('is-done', done === '1'); }
        say('queued');
      });
    });
  });

  if (window.indexedDB && badge) {
    showCount();
    window.addEventListener('online', flush);
    if (navigator.onLine) { flush(); }
  }

  // Signing out forgets the pages kept for this person (the outbox stays: it is sent at the next sign-in).
  document.querySelectorAll('form[action="/signout"]').forEach(function (signOut) {
    signOut.addEventListener('submit', function () {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) { navigator.serviceWorker.controller.postMessage('forget-pages'); }
    });
  });

  // The offline page lists what can be read without a network, by each kept page's own title.
  var list = document.getElementById('pwa-cached');
  if (list && window.caches) {
    caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) { return !new URL(request.url).pathname.startsWith('/static/'); }).map(function (request) {
          return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
            var url = new URL(request.url);
            var title = new DOMParser().parseFromString(html, 'text/html').title;
            return { path: url.pathname + url.search, title: title || url.pathname };
          });
        }));
      });
    }).then(function (pages) {
      if (pages.length === 0) {
        var none = document.createElement('li');
        none.textContent = list.dataset.none;
        list.appendChild(none);
      }
      pages.forEach(function (page) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = page.path;
        link.textContent = page.title;
        item.appendChild(link);
        list.appendChild(item);
      });
    });
  }
})();
